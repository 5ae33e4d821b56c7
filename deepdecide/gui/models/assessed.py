"""Table models over the Assessment: the ranking, the criteria with their weight shares, and
the engineering effort per option. Their cells show what the analysis decided, formatted by
:mod:`deepdecide.domain.formatting`; nothing is derived here."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from deepdecide.analysis.assessment import Assessment, EffortRange, OptionAssessment, PoolAssessment
from deepdecide.domain import formatting
from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Message, name_of
from deepdecide.domain.presentation import pool_where, pools_text
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import PoolRole
from deepdecide.gui import labels
from deepdecide.gui.i18n import text, texts
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.summary import level_names


def _effort(e: EffortRange | None) -> str:
    return formatting.DASH if e is None else formatting.estimate(e.likely, e.low, e.high)


def _likely(e: EffortRange | None) -> float | None:
    return None if e is None else e.likely


def ranking_model(parent: QObject | None = None) -> RecordTableModel:
    """One row per option (OptionAssessment), best first: rank, score, support, evidence, eligibility."""
    return RecordTableModel([
        Column(_("Rank"), lambda o: o.rank, display=lambda v: formatting.DASH if v is None else str(v),
               numeric=True),
        Column(_("Option"), lambda o: o.name, tooltip=lambda o: f"{o.name}<br>{o.runtime_name or name_of('runtime', o.runtime)} / "
                                         f"{o.platform_name or name_of('platform', o.platform)}"),
        Column(_("Score"), lambda o: o.score.total if o.score else None,
               display=formatting.score, numeric=True),
        Column(_("Support"), lambda o: labels.support(o.classification),
               meaning=lambda o: "official" if o.classification.official else "experimental",
               tooltip=lambda o: texts(o.classification.reasons)),
        Column(_("Evidence"), lambda o: o.evidence.level, display=lambda v: f"{v} / 3", numeric=True,
               tooltip=lambda o: ", ".join(level_names().get(n, n) for n in o.evidence.names_reached)),
        Column(_("Eligibility"), lambda o: texts((*o.eligibility_reasons, *o.vetoes), "; ") or _("eligible"),
               tooltip=lambda o: texts((*o.eligibility_reasons, *o.vetoes))),
        Column(_("Pools (prefill / decode GPUs)"), lambda o: pools_text(o.pools),
               tooltip=lambda o: _pools_tip(o)),
        Column(_("GPUs (owned + bought + rented)"), _fleet_text,
               tooltip=lambda o: text(o.fleet.unit_reason)),
        Column(_("Payback"),
               lambda o: text(o.costs.payback.text) if o.costs.payback and o.costs.payback.text else formatting.DASH,
               tooltip=lambda o: text(o.costs.break_even) if o.costs.break_even else ""),
    ], None, parent)


def _pools_tip(o: OptionAssessment) -> str:
    """Each pool: its runtime and platform, GPUs (owned used + new) and the limit that sets it."""
    p = o.pools
    if p is None:
        return _("aggregated: prefill and decode on the same GPUs")
    out = []
    for pool, role in ((p.prefill, _("prefill")), (p.decode, _("decode"))):
        out.append(_("{role}: {runtime} on {platform}, {gpus} GPUs ({owned} owned + {new} new), set by {limit}").format(
            role=role, runtime=pool.runtime_name or pool.runtime, platform=pool.platform_name or pool.platform, gpus=formatting.integer(pool.gpus),
            owned=formatting.integer(pool.owned_used), new=formatting.integer(pool.new_gpus), limit=pool.limit))
    return "<br>".join(out)


def pools_model(currency: Callable[[], str], label: Callable[[str], str] | None = None,
                parent: QObject | None = None) -> RecordTableModel:
    """One row per pool of each disaggregated option ((OptionAssessment, PoolAssessment), prefill then
    decode): its runtime and platform, classification, capacity with its basis, workers, GPUs, nodes,
    owned and new GPUs and its $/M of its direction (input for prefill, output for decode), as the
    command line and the record write them; the capacity's range and the classification's reasons on
    hover. ``label``: an option's short label (its full name on hover)."""
    return RecordTableModel([
        Column(_("Option"), lambda r: label(r[0].option) if label is not None else r[0].name,
               tooltip=lambda r: r[0].name),
        Column(_("Pool"), lambda r: word(PoolRole(r[1].role)),
               tooltip=lambda r: fmt_limit(r[1])),
        Column(_("Runtime / platform"), lambda r: pool_where(r[1])),
        Column(_("Class"), lambda r: word(r[1].classification.status),
               meaning=lambda r: "official" if r[1].classification.official else "experimental",
               tooltip=lambda r: texts(r[1].classification.reasons)),
        Column(_("Per worker"), lambda r: r[1].gpus_per_worker, display=lambda v: formatting.integer(v),
               numeric=True, header_tip=_("GPUs per worker")),
        Column(_("Capacity (basis)"), lambda r: pool_capacity_text(r[1]) if r[1].capacity.value is not None else DASH,
               tooltip=lambda r: "<br>".join(x for x in (text(r[1].note) if r[1].note else "",
                                                         text(r[1].range_note) if r[1].range_note else "",
                                                         texts(r[1].capacity.flags)) if x)),
        Column(_("Workers"), lambda r: r[1].workers, display=lambda v: formatting.integer(v), numeric=True),
        Column(_("GPUs"), lambda r: r[1].gpus, display=lambda v: formatting.integer(v), numeric=True),
        Column(_("Nodes"), lambda r: r[1].nodes, display=lambda v: formatting.integer(v), numeric=True),
        Column(_("Owned + new"), lambda r: f"{formatting.integer(r[1].owned_used)} + {formatting.integer(r[1].new_gpus)}"),
        Column(lambda: _("{unit}/M of its direction").format(unit=formatting.currency_symbol(currency())),
               lambda r: r[1].cost_per_m_tokens_usd.value if r[1].cost_per_m_tokens_usd is not None else None,
               display=lambda v: formatting.money(v, currency()), numeric=True,
               header_tip=_("the prefill pool per million input tokens, the decode pool per million output tokens"),
               tooltip=lambda r: _pool_money_tip(r[1])),
    ], None, parent)


def pool_capacity_text(pool: PoolAssessment) -> str:
    """A pool's capacity with its unit and basis, as every table writes it: "6,000 input tok/s/GPU (assumed)"."""
    return (f"{formatting.number(pool.capacity.value)} {formatting.unit_text(pool.capacity.unit)} "
            f"({word(pool.basis)})")


def fmt_limit(pool: PoolAssessment) -> str:
    return _("sized against the {limit} limit").format(limit=pool.limit)


def _pool_money_tip(pool: PoolAssessment) -> str:
    f = pool.cost_per_m_tokens_usd
    if f is None or f.value is None:
        return text(f.missing_reason) if f is not None and f.missing_reason else ""
    return texts(f.flags)


def _fleet_text(o: OptionAssessment) -> str:
    """"1,088 (1,024 + 64 + 0)": the first year's GPUs, owned used, bought and rented."""
    f = o.fleet
    if f.gpus.value is None:
        return formatting.DASH
    return (f"{formatting.integer(f.gpus.value)} ({formatting.integer(f.owned_used)} + "
            f"{formatting.integer(f.bought_gpus)} + {formatting.integer(f.rented_gpus)})")



def ranked_order(assessment: Assessment) -> list[OptionAssessment]:
    """The Assessment's one order of every view: ranked options by score, then the others grouped
    by why they cannot be recommended."""
    ids = assessment.order or tuple(o.option for o in assessment.options)
    return [o for oid in ids if (o := assessment.option(oid)) is not None]


def criteria_model(parent: QObject | None = None) -> RecordTableModel:
    """One row per criterion (CriterionInfo): its weight, its share of the scored weights, and why a
    criterion is not scored (an unknown metric, a bad weight): such a criterion takes no share."""
    return RecordTableModel([
        Column(_("Criterion"), lambda c: c.name, tooltip=lambda c: c.id),
        Column(_("Metric"), lambda c: word(c.metric, "metric"), tooltip=lambda c: c.metric),
        Column(_("Weight"), lambda c: c.weight, display=formatting.weight, numeric=True),
        Column(_("Share"), lambda c: c.weight_share if c.used else None, display=_share_text, numeric=True),
        Column(_("Scored"), lambda c: _("yes") if c.used else _("no"),
               meaning=lambda c: None if c.used and not c.message else ("fail" if not c.used else "inconclusive"),
               tooltip=lambda c: _message(c.message)),
        Column(_("Note"), lambda c: _message(c.message),
               tooltip=lambda c: _message(c.message)),
    ], None, parent)


def _message(m: Message | None) -> str:
    return text(m) if m is not None else ""


def _share_text(v: float | None) -> str:
    return formatting.DASH if v is None else formatting.share(v)


def _effort_column(title: str, part: str) -> Column:
    def get(o: OptionAssessment) -> EffortRange | None:
        return getattr(o.effort, part) if o.effort is not None else None

    return Column(title, lambda o: _likely(get(o)), numeric=True,
                  header_tip=_("person-weeks, likely (the low–high range on hover)"),
                  tooltip=lambda o: _("likely (low–high): ") + _effort(get(o)))


def effort_model(parent: QObject | None = None) -> RecordTableModel:
    """One row per option: porting, external, missing with an owner, checklist and total effort
    (person-weeks, likely; the low–high range on hover) and the blockers whose effort is not counted."""
    return RecordTableModel([
        Column(_("Option"), lambda o: o.name, tooltip=lambda o: o.name),
        _effort_column(_("Porting"), "porting"),
        _effort_column(_("External"), "external"),
        _effort_column(_("Missing, owned"), "missing_owned"),
        _effort_column(_("Checklist"), "checklist"),
        _effort_column(_("Total"), "total"),
        Column(_("Blockers"), lambda o: len(o.checklist.blockers), numeric=True,
               meaning=lambda o: "fail" if o.checklist.blockers else None,
               tooltip=lambda o: texts(b.reason for b in o.checklist.blockers)),
    ], None, parent)


__all__ = ["criteria_model", "effort_model", "ranked_order", "ranking_model"]
