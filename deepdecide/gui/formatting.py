"""Number formatting for the pages: money, tokens, percentages; "—" with the reason when unknown."""

from __future__ import annotations

from typing import Any

DASH = "—"


def money(value: float | None, currency: str = "USD") -> str:
    """$1.23M, $45.6k, $0.42 (two to three significant digits)."""
    if value is None:
        return DASH
    sign = "-" if value < 0 else ""
    v = abs(value)
    symbol = "$" if currency == "USD" else f"{currency} "
    for limit, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if v >= limit:
            return f"{sign}{symbol}{v / limit:.3g}{suffix}"
    return f"{sign}{symbol}{v:.3g}" if v >= 1 else f"{sign}{symbol}{v:.2f}"


def number(value: float | None, unit: str = "", digits: int = 3) -> str:
    if value is None:
        return DASH
    text = f"{value:,.0f}" if abs(value) >= 10 ** digits else f"{value:.{digits}g}"
    return f"{text} {unit}".strip()


def percent(value: float | None) -> str:
    return DASH if value is None else f"{100 * value:.0f} %"


def figure_tip(fig: Any) -> str:
    """Rich-text tooltip of an analysis Figure: value, why it is missing, its trail of inputs."""
    if fig is None:
        return ""
    lines = [f"<b>{fig.name}</b>: " + (number(fig.value, fig.unit) if fig.value is not None else DASH)]
    if fig.missing_reason:
        lines.append(f"<i>{fig.missing_reason}</i>")
    for flag in getattr(fig, "flags", ()):
        lines.append(f"⚠ {flag}")
    for t in getattr(fig, "trail", ()):
        value = t.value if isinstance(t.value, str) else number(t.value)
        src = f" — {t.source}" if t.source else ""
        lines.append(f"&nbsp;&nbsp;• {t.name}: {value} {t.unit}{src}")
    return "<br>".join(lines)
