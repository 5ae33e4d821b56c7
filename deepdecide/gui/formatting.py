"""Rich-text tooltips of analysis figures; the figures themselves are written by
:mod:`deepdecide.domain.formatting`, the one module the GUI, the CLI and the PDF share."""

from __future__ import annotations

from deepdecide.analysis.assessment import Figure
from deepdecide.domain.formatting import DASH, number, unit_text
from deepdecide.domain.messages import Message
from deepdecide.gui.i18n import text


def figure_tip(fig: Figure | None) -> str:
    """Rich-text tooltip of an analysis Figure: value, why it is missing, its trail of inputs."""
    if fig is None:
        return ""
    lines = [f"<b>{fig.name}</b>: " + (number(fig.value, fig.unit) if fig.value is not None else DASH)]
    if fig.missing_reason is not None:
        lines.append(f"<i>{text(fig.missing_reason)}</i>")
    for flag in fig.flags:
        lines.append(f"⚠ {text(flag)}")
    for t in fig.trail:
        value = (f"{t.value} {unit_text(t.unit)}".strip() if isinstance(t.value, (str, Message))
                 else number(t.value, unit_text(t.unit)))
        src = f" — {t.source}" if t.source else ""
        lines.append(f"&nbsp;&nbsp;• {t.name}: {value}{src}")
    return "<br>".join(lines)
