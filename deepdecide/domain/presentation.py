"""How options and series look, the same in every chart, page and PDF figure (Qt-free).

* **Short labels**: every option has one, used wherever space is tight (chart rows, table
  columns, PDF headers); the full name goes in tooltips and legends. A label the user set
  (``Option.short_label``) wins; otherwise it is derived as "<platform> · <runtime>"
  ("H100 · SGLang", "B200 · DeepInfer"). Labels are made pairwise distinct: a clash gets the
  strategy ("H100 · vLLM (keep)", "H100 · vLLM (buy)"), and then a number.
* **Colours**: one per option, by its place in the workspace's option list, so adding a series
  or an option never changes another's colour. A runtime × platform group that is no option
  gets a colour from its own name (stable too). Each colour has a light and a dark variant of
  the same hue (the PDF uses the light one).
* **Series kinds**: p50 solid, p99 dashed; a measured run (own or third-party) is drawn filled,
  a proxy, illustrative or predicted one hollow.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: separator of the derived short label's parts
SEP = " · "


@dataclass(frozen=True, slots=True)
class Swatch:
    """One colour in its light-background and dark-background variants (same hue)."""

    light: str
    dark: str

    def on(self, dark: bool) -> str:
        return self.dark if dark else self.light


#: one colour per option (Okabe-Ito hues, colour-blind friendly; the dark variants are lighter tints)
OPTION_SWATCHES: tuple[Swatch, ...] = (
    Swatch("#0072B2", "#5AB0EA"),  # blue
    Swatch("#D55E00", "#FF8C42"),  # vermillion
    Swatch("#009E73", "#2FD0A0"),  # bluish green
    Swatch("#CC79A7", "#E8A3CB"),  # reddish purple
    Swatch("#E69F00", "#FFC23D"),  # orange
    Swatch("#56B4E9", "#9ED8FA"),  # sky blue
    Swatch("#8C7A00", "#E6D64F"),  # olive (yellow is unreadable on white)
    Swatch("#4D4D4D", "#C8C8C8"),  # neutral
    Swatch("#882255", "#D77AA8"),  # wine (Tol's muted scheme, beyond Okabe-Ito's eight)
    Swatch("#117733", "#5CC98A"),  # green
)

#: colours of runtime × platform groups that are no option (chosen by the group's name)
OTHER_SWATCHES: tuple[Swatch, ...] = (
    Swatch("#7F7F7F", "#A8A8A8"),  # grey
    Swatch("#8C564B", "#C49C94"),  # brown
    Swatch("#5E6B00", "#C5D54F"),  # moss
    Swatch("#17808F", "#5FD3E0"),  # teal
    Swatch("#6A3D9A", "#B79AE0"),  # violet
    Swatch("#A6761D", "#E0B560"),  # ochre
)

#: reference lines (an SLO, a demand level)
REFERENCE = Swatch("#B42318", "#FF6B5E")

#: line style per latency series kind
LINE_STYLES = {"p50": "solid", "p99": "dashed"}

#: provenance kinds drawn filled (a measurement on hardware); every other kind is drawn hollow
MEASURED_KINDS = frozenset({"own", "third_party"})
HOLLOW_KINDS = frozenset({"proxy", "mismatch", "illustrative", "predicted"})


# ---------------------------------------------------------------------------------------------
# short labels


def platform_short(matrix: Any, platform: str) -> str:
    """The platform's shortest common name: "H100" for "H100 SXM", "RTX 5090" for "GeForce RTX 5090"."""
    p = matrix.resolve_platform(platform) if matrix is not None and platform else None
    if p is None:
        return platform or "?"
    first = p.aliases[0] if p.aliases else ""
    return first if first and len(first) < len(p.name) else p.name


def pools_text(pools: Any) -> str:
    """A disaggregated option's pools as every table writes them: "328 H100 / 312 B200" (prefill GPUs on
    its platform / decode GPUs on its platform, by the names the Assessment holds); "—" for an aggregated
    option or unsized pools."""
    from deepdecide.domain.formatting import (  # deferred: formatting loads Babel: only when a pool is shown
        DASH,
        integer,
    )

    if pools is None:
        return DASH
    p, d = pools.prefill, pools.decode
    if p.gpus is None or d.gpus is None:
        return DASH
    return f"{integer(p.gpus)} {p.platform_name or p.platform} / {integer(d.gpus)} {d.platform_name or d.platform}"


def pool_where(pool: Any) -> str:
    """A pool's runtime and platform by the names the Assessment holds: "SGLang / H100"."""
    return f"{pool.runtime_name or pool.runtime} / {pool.platform_name or pool.platform}"


def runtime_short(matrix: Any, runtime: str) -> str:
    r = matrix.runtime(runtime) if matrix is not None and runtime else None
    return r.name if r else (runtime or "?")


def derived_label(matrix: Any, option: Any) -> str:
    """"<platform> · <runtime>" of one option, ignoring clashes. A disaggregated option whose pools run on
    other platforms names both, prefill first: "H100 + B200 · SGLang" (one runtime), "H100 · SGLang +
    B200 · vLLM" (two), so a mixed option never hides a pool."""
    where = [(option.platform, option.runtime)]
    topo = getattr(option, "topology", None)
    pools = [p for role in ("prefill", "decode") if (p := getattr(topo, role, None)) is not None]
    if getattr(topo, "disaggregated", False) and len(pools) == 2:
        where = list(dict.fromkeys((p.platform or option.platform, p.runtime or option.runtime) for p in pools))
    platforms = list(dict.fromkeys(platform_short(matrix, pf) for pf, _ in where))
    runtimes = list(dict.fromkeys(runtime_short(matrix, rt) for _, rt in where))
    if len(runtimes) == 1:
        return f"{' + '.join(platforms)}{SEP}{runtimes[0]}"
    return " + ".join(f"{platform_short(matrix, pf)}{SEP}{runtime_short(matrix, rt)}" for pf, rt in where)


def short_labels(ws: Any) -> dict[str, str]:
    """Option id -> short label, pairwise distinct, in option order."""
    return _distinct(ws.options, ws.matrix)


def short_label(ws: Any, option_id: str | None) -> str:
    """The short label of one option (its id when the workspace has no such option)."""
    if not option_id:
        return ""
    return short_labels(ws).get(option_id, option_id)


def _distinct(options: Sequence[Any], matrix: Any) -> dict[str, str]:
    base = {}
    for o in options:
        own = str(getattr(o, "short_label", "") or "").strip()
        base[o.id] = own or derived_label(matrix, o)
    out = dict(base)
    clashes = _clashing(out)
    # first: tell derived clashes apart by their strategy ("keep" / "buy")
    for oid in clashes:
        o = next(o for o in options if o.id == oid)
        strategy = getattr(getattr(o, "strategy", None), "value", "") or ""
        if strategy:
            out[oid] = f"{base[oid]} ({strategy})"
    # then: number whatever still clashes, in option order (the first keeps its label)
    while True:
        clashes = _clashing(out)
        if not clashes:
            return out
        seen: dict[str, int] = {}
        taken = set(out.values())
        for o in options:
            if o.id not in clashes:
                continue
            label = out[o.id]
            seen[label] = seen.get(label, 0) + 1
            if seen[label] == 1:
                continue
            n = seen[label]
            candidate = f"{label} #{n}"
            while candidate in taken:
                n += 1
                candidate = f"{label} #{n}"
            out[o.id] = candidate
            taken.add(candidate)


def _clashing(labels: dict[str, str]) -> list[str]:
    counts: dict[str, int] = {}
    for label in labels.values():
        key = label.casefold()
        counts[key] = counts.get(key, 0) + 1
    return [oid for oid, label in labels.items() if counts[label.casefold()] > 1]


# ---------------------------------------------------------------------------------------------
# colours


def option_swatch(ws: Any, option_id: str) -> Swatch:
    """The colour of one option: by its place in the option list (stable as options are added).
    A group key that is no option gets its colour from :func:`other_swatches`."""
    ids = [o.id for o in ws.options]
    if option_id in ids:
        return OPTION_SWATCHES[ids.index(option_id) % len(OPTION_SWATCHES)]
    return other_swatches(ws).get(option_id) or other_swatch(option_id)


def other_swatch(key: str) -> Swatch:
    """The colour a series that is no option prefers, from its own name."""
    return OTHER_SWATCHES[zlib.crc32(key.encode("utf-8")) % len(OTHER_SWATCHES)]


def other_swatches(ws: Any) -> dict[str, Swatch]:
    """Colours of the runtime × platform groups in the evidence that are no option.

    In the order the evidence was imported, each group takes the colour its name prefers, or the
    next one no earlier group holds: importing more files never changes a colour already shown."""
    out: dict[str, Swatch] = {}
    seen: set[tuple[str, str]] = set()  # a sweep repeats a few runtime × platform pairs many times
    for f in getattr(getattr(ws, "evidence", None), "files", ()):
        for r in f.runs:
            if (r.runtime, r.platform) in seen:
                continue
            seen.add((r.runtime, r.platform))
            if option_for(ws, r.runtime, r.platform) is not None:
                continue
            key = _other_key(ws, r.runtime, r.platform)
            if key in out:
                continue
            start = OTHER_SWATCHES.index(other_swatch(key))
            used = set(out.values())
            for k in range(len(OTHER_SWATCHES)):
                candidate = OTHER_SWATCHES[(start + k) % len(OTHER_SWATCHES)]
                if candidate not in used or k == len(OTHER_SWATCHES) - 1:
                    out[key] = candidate
                    break
    return out


def _other_key(ws: Any, runtime: str, platform: str) -> str:
    return f"{runtime}@{ws.matrix.platform_id(platform) if platform else '?'}"


def option_for(ws: Any, runtime: str, platform: str) -> Any:
    """The first option that runs ``runtime`` on ``platform`` (an id or a GPU name), or None."""
    pid = ws.matrix.platform_id(platform) if platform else platform
    return next((o for o in ws.options if o.runtime == runtime and o.platform == pid), None)


def group_key(ws: Any, runtime: str, platform: str) -> str:
    """What colours a runtime × platform group: the option it belongs to, or else itself."""
    o = option_for(ws, runtime, platform)
    return o.id if o is not None else _other_key(ws, runtime, platform)


def group_swatch(ws: Any, runtime: str, platform: str) -> Swatch:
    return option_swatch(ws, group_key(ws, runtime, platform))


def group_color(ws: Any, runtime: str, platform: str, *, dark: bool = False) -> str:
    return group_swatch(ws, runtime, platform).on(dark)


def option_color(ws: Any, option_id: str, *, dark: bool = False) -> str:
    return option_swatch(ws, option_id).on(dark)


# ---------------------------------------------------------------------------------------------
# series kinds


def provenance_kind(evidence_file: Any) -> str:
    """The provenance kind of an evidence file ("own", "third_party", "illustrative", "predicted").

    Reads the typed ``provenance.kind`` where the workspace has one; older workspaces fall back
    to the label test ("illustrative" in the file's label)."""
    p = getattr(evidence_file, "provenance", evidence_file)
    kind = getattr(p, "kind", None)
    if kind is not None:
        return str(getattr(kind, "value", kind))
    return "illustrative" if "illustrative" in str(getattr(p, "label", "")).lower() else "own"


def filled(kinds: str | Iterable[str | None] | None) -> bool:
    """Draw filled (a measurement) or hollow: hollow as soon as any kind is proxy / illustrative /
    predicted (an unknown kind counts as measured)."""
    if kinds is None:
        return True
    if isinstance(kinds, str):
        kinds = (kinds,)
    return not any(str(k) in HOLLOW_KINDS for k in kinds)


def line_style(series_kind: str) -> str:
    """"solid" for p50 (and anything else), "dashed" for p99."""
    return LINE_STYLES.get(series_kind, "solid")


def pareto_front(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points no other point beats on both axes (both maximised), sorted by x: the line drawn
    through a group's runs in the throughput-against-interactivity charts (GUI and PDF)."""
    front: list[tuple[float, float]] = []
    best_y = float("-inf")
    for x, y in sorted(points, key=lambda p: (-p[0], -p[1])):
        if y > best_y:
            front.append((x, y))
            best_y = y
    return sorted(front)


#: a series with more points than this is drawn with an even sample of them (its line keeps every x)
MAX_POINTS = 1500


def sweep_line(pts: Sequence[tuple[float, float]]) -> tuple[list[float], list[float]]:
    """One point per distinct x, the median of its y: the line of a sweep that was run more than once
    at a level (a thousand files of one sweep draw nine levels, not a zig-zag through every run). GUI and PDF."""
    by_x: dict[float, list[float]] = {}
    for x, y in pts:
        by_x.setdefault(x, []).append(y)
    xs = sorted(by_x)
    return xs, [_median(by_x[x]) for x in xs]


def sampled(pts: Sequence[Any], limit: int = MAX_POINTS) -> list[Any]:
    """At most ``limit`` of ``pts``, evenly spread (the first and the last kept); all when fewer."""
    if len(pts) <= limit:
        return list(pts)
    step = (len(pts) - 1) / (limit - 1)
    return [pts[round(i * step)] for i in range(limit)]


def log_ticks(lo: float, hi: float, base: int = 2, step: int = 2) -> list[float]:
    """Tick values of a log axis in real units: 1, 4, 16, … 4,096 (every ``step``-th power of ``base``)
    covering [lo, hi]; at most about eight ticks."""
    lo = max(lo, 1e-12)
    hi = max(hi, lo)
    k0 = math.floor(math.log(lo, base) + 1e-9)
    k1 = math.ceil(math.log(hi, base) - 1e-9)
    while (k1 - k0) / step > 8:
        step *= 2
    k0 -= k0 % step
    ticks = [float(base ** k) for k in range(k0, k1 + step, step)]
    return ticks if len(ticks) > 1 else [float(base ** k0), float(base ** (k0 + step))]


def _median(values: list[float]) -> float:
    """``statistics.median`` (the middle value, or the mean of the two middle ones), without importing
    statistics, fractions and decimal for it."""
    s = sorted(values)
    if not s:
        raise ValueError("no median for empty data")
    i = len(s) // 2
    return s[i] if len(s) % 2 else (s[i - 1] + s[i]) / 2
