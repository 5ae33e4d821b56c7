"""Rich-text tooltips of analysis figures, and money labels in the workspace's currency; the
figures themselves are written by :mod:`deepdecide.domain.formatting`, the one module the GUI, the
CLI and the PDF share.

The analysis writes money units with a dollar sign ("$/GPU-h", "$/M tokens", "$"): it stands for
*the workspace's currency* (``assumptions.currency``), never a conversion. Every money header,
label and unit the GUI shows goes through :func:`money_unit`, :func:`workspace_unit` or
:func:`in_currency`, so a euro workspace shows "€" everywhere and a currency change follows live.
"""

from __future__ import annotations

import re

from deepdecide.analysis.assessment import Figure
from deepdecide.domain.formatting import DASH, currency_symbol, currency_unit, number, unit_text
from deepdecide.domain.messages import Message, input_words
from deepdecide.gui.i18n import text

_DOLLAR = re.compile(r"US\$|\$")


def money_unit(currency: str) -> str:
    """The symbol a header writes for the workspace's money: "$", "€", "US$" in Spanish, "CHF"."""
    return currency_symbol(currency)


def in_currency(label: str, currency: str) -> str:
    """An analysis-written label or unit ("all-in $/GPU-h", "$/M tokens") with its dollar sign
    standing for the workspace's currency: "all-in €/GPU-h"."""
    if "$" not in label:
        return label
    return _DOLLAR.sub(lambda _m: money_unit(currency), label)


def workspace_unit(unit: str, currency: str) -> str:
    """A unit of the analysis in the workspace's currency, for :func:`number` to place ("$/GPU-h"
    in a euro workspace is "€/GPU-h", written "€2.10/GPU-h" / "2,10 €/GPU-h")."""
    if unit.startswith("$"):
        return currency_unit(currency) + unit[1:]
    if unit.startswith("USD"):
        return currency_unit(currency) + unit[3:]
    return unit


def figure_tip(fig: Figure | None, currency: str = "USD") -> str:
    """Rich-text tooltip of an analysis Figure: value, why it is missing, its trail of inputs; money
    in ``currency`` (the workspace's)."""
    if fig is None:
        return ""
    lines = [f"<b>{in_currency(text(fig.name), currency)}</b>: "
             + (number(fig.value, workspace_unit(unit_text(fig.unit), currency)) if fig.value is not None else DASH)]
    if fig.missing_reason is not None:
        lines.append(f"<i>{in_currency(text(fig.missing_reason), currency)}</i>")
    for flag in fig.flags:
        lines.append(f"⚠ {in_currency(text(flag), currency)}")
    for t in fig.trail:
        unit = workspace_unit(unit_text(t.unit), currency)
        value = (in_currency(f"{text(t.value)} {unit}".strip(), currency) if isinstance(t.value, (str, Message))
                 else number(t.value, unit))
        src = f" — {in_currency(input_words(text(t.source)), currency)}" if str(t.source) else ""
        lines.append(f"&nbsp;&nbsp;• {in_currency(text(t.name), currency)}: {value}{src}")
    return "<br>".join(lines)
