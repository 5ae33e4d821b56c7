"""The words the views print for enumerated values (statuses, strategies, cost views, bases, kinds),
marked for the catalog: a view writes ``term(value)`` (``i18n._`` of the English word), and
``tools/i18n.py`` finds every word here. An identifier shown as such (a runtime id, a JSON key) is
never passed through ``term``."""

from __future__ import annotations

from deepdecide.domain.i18n import N_, _

WORDS: tuple[str, ...] = (
    # support classification and matrix status
    N_("official"), N_("experimental"), N_("community"), N_("unsupported"), N_("undocumented"), N_("listed"),
    # strategies, pricing, cost views, what is acquired
    N_("keep"), N_("port"), N_("buy"), N_("dev-only"), N_("rent"), N_("own"), N_("existing"), N_("cash"),
    N_("all-in"),
    # capacity bases and sources
    N_("measured"), N_("interpolated"), N_("lower bound"), N_("assumed"), N_("fails the SLO"),
    N_("fails parity"), N_("none"), N_("own measurement"), N_("third-party"), N_("proxy"), N_("predicted"),
    # applicability and evidence kinds
    N_("matches"), N_("mismatch"), N_("needs-context"), N_("illustrative"), N_("third_party"),
    # evidence levels
    N_("builds"), N_("correct"), N_("performs"), N_("capacity"), N_("run"), N_("check"),
    # parity verdicts and machine requirement states
    N_("pass"), N_("fail"), N_("inconclusive"), N_("met"), N_("unmet"), N_("unknown"),
    # checklist answers, record status, votes
    N_("provided"), N_("external"), N_("missing"), N_("proposed"), N_("accepted"), N_("rejected"),
    N_("deprecated"), N_("superseded"), N_("approve"), N_("reject"), N_("abstain"), N_("pending"),
    # risks
    N_("blocker"), N_("no-benchmark"), N_("topology"), N_("assumed-capacity"), N_("missing-parity"),
    N_("proxy-evidence"), N_("requirement"), N_("fleet"),
)


def term(value: object) -> str:
    """The word for an enumerated value in the current language (the value itself if unknown)."""
    return _(str(value))


def reset_cache() -> None:
    """Forget the words of each language (tests that switch catalogs)."""
