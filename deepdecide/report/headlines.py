"""``deepdecide verify``'s headline (English, as ``verify --json`` gives it and a revision's build
parameters keep it) in the current language: for the verify command, and for the record's cover and
changes sections, which print what verify found of the earlier record (below them and the check)."""

from __future__ import annotations

import re

from deepdecide.domain.i18n import _

_UNCONFIRMED_HEAD = re.compile(r"unconfirmed: made by deepdecide (.+?)(?: with (.+))?, verify with that (?:version|software)\Z")


def headline_text(headline: str) -> str:
    """A ``deepdecide verify`` headline (English, as ``--json`` and a record's build parameters hold it)
    in the current language."""
    m = _UNCONFIRMED_HEAD.match(headline)
    if m is not None:
        if not m.group(2):
            return _("unconfirmed: made by deepdecide {version}, verify with that version").format(version=m.group(1))
        schema = re.fullmatch(r"workspace schema (\d+)", m.group(2))  # an earlier build of the same version
        other = _("workspace schema {number}").format(number=schema.group(1)) if schema else m.group(2)
        return _("unconfirmed: made by deepdecide {version} with {software}, verify with that software").format(
            version=m.group(1), software=other)
    if headline.startswith("intact and trusted, but not approved ("):
        state = headline[len("intact and trusted, but not approved ("):-1]
        return _("intact and trusted, but not approved ({state})").format(state=_(state))
    return {"intact, signed and trusted; approved": _("intact, signed and trusted; approved"),
            "intact, but not approved (legacy, unverified sign-offs)":
                _("intact, but not approved (legacy, unverified sign-offs)"),
            "intact; accepted by the signatures of its embedded approval record":
                _("intact; accepted by the signatures of its embedded approval record"),
            "intact; rejected by the signatures of its embedded approval record":
                _("intact; rejected by the signatures of its embedded approval record"),
            }.get(headline, _(headline))
