"""Aggregates drawn as server-rendered SVG (no script, no build step): a bar chart of counts per group and a
line chart of counts per time bucket. Pure functions over (label, value) pairs; each chart carries a <title>
and <desc> for screen readers, and the page puts the same numbers in a table beside it."""

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BAR_HEIGHT = 22
BAR_GAP = 6
LABEL_WIDTH = 190
PLOT_WIDTH = 440
VALUE_WIDTH = 60
LINE_WIDTH = 640
LINE_HEIGHT = 220
PAD = 36
LABEL_CHARS = 28


@dataclass
class Chart:
    id: str
    title: str
    desc: str
    svg: SafeString


def _short(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def _open(id: str, title: str, desc: str, width: int, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="{id}-t {id}-d">'
        f'<title id="{id}-t">{escape(title)}</title><desc id="{id}-d">{escape(desc)}</desc>'
    )


def describe(points: list[tuple[str, float]], unit: str) -> str:
    if not points:
        return f"No {unit}."
    top = max(points, key=lambda p: p[1])
    return (
        f"{len(points)} bars; the largest is {top[0]} with {top[1]:g} {unit}. "
        f"The table after the chart lists every value."
    )


def bar_chart(id: str, title: str, points: list[tuple[str, float]], *, unit: str = "records") -> Chart:
    """Horizontal bars, one per (label, value), in the order given (largest first for a group_by)."""
    desc = describe(points, unit)
    height = max(1, len(points)) * (BAR_HEIGHT + BAR_GAP) + BAR_GAP
    width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH
    biggest = max((v for _l, v in points), default=0) or 1
    parts = [_open(id, title, desc, width, height)]
    for i, (label, value) in enumerate(points):
        y = BAR_GAP + i * (BAR_HEIGHT + BAR_GAP)
        w = max(1.0, PLOT_WIDTH * value / biggest)
        mid = y + BAR_HEIGHT / 2
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{mid:.1f}" text-anchor="end" dominant-baseline="middle" '
            f'class="chart-label">{escape(_short(label))}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{w:.1f}" height="{BAR_HEIGHT}" class="chart-bar">'
            f"<title>{escape(label)}: {value:g}</title></rect>"
            f'<text x="{LABEL_WIDTH + w + 6:.1f}" y="{mid:.1f}" dominant-baseline="middle" '
            f'class="chart-value">{value:g}</text>'
        )
    parts.append("</svg>")
    return Chart(id=id, title=title, desc=desc, svg=mark_safe("".join(parts)))


def line_chart(id: str, title: str, points: list[tuple[str, float]], *, unit: str = "records") -> Chart:
    """A line over time buckets (oldest first), a dot and label per bucket; the y axis starts at 0."""
    desc = describe(points, unit).replace("bars", "time buckets")
    width, height = LINE_WIDTH, LINE_HEIGHT
    plot_w, plot_h = width - 2 * PAD, height - 2 * PAD
    biggest = max((v for _l, v in points), default=0) or 1
    step = plot_w / max(1, len(points) - 1)
    coords = [
        (PAD + (i * step if len(points) > 1 else plot_w / 2), PAD + plot_h * (1 - v / biggest))
        for i, (_l, v) in enumerate(points)
    ]
    parts = [
        _open(id, title, desc, width, height),
        f'<line x1="{PAD}" y1="{PAD + plot_h}" x2="{PAD + plot_w}" y2="{PAD + plot_h}" class="chart-axis"/>',
        f'<text x="{PAD - 6}" y="{PAD}" text-anchor="end" class="chart-value">{biggest:g}</text>',
        f'<text x="{PAD - 6}" y="{PAD + plot_h}" text-anchor="end" class="chart-value">0</text>',
    ]
    if len(coords) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        parts.append(f'<polyline points="{path}" class="chart-line"/>')
    every = max(1, len(points) // 8)  # at most ~8 x labels
    for i, ((label, value), (x, y)) in enumerate(zip(points, coords, strict=True)):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" class="chart-dot">'
            f"<title>{escape(label)}: {value:g}</title></circle>"
        )
        if i % every == 0 or i == len(points) - 1:
            parts.append(
                f'<text x="{x:.1f}" y="{PAD + plot_h + 18}" text-anchor="middle" class="chart-label">'
                f"{escape(label)}</text>"
            )
    parts.append("</svg>")
    return Chart(id=id, title=title, desc=desc, svg=mark_safe("".join(parts)))
