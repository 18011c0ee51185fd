"""Aggregates drawn as server-rendered SVG through pygal (no script, no build step): bars of counts per group,
a line of counts per time bucket, and columns of counts per period whose bars are links (the search page's
activity chart). Pure functions over (label, value) pairs.

pygal renders without its JavaScript (``js=[]``: the pages' CSP allows no inline script and its tooltips
need none), and each SVG is given a ``<title>`` and ``<desc>`` for screen readers; the page puts the same
numbers in a table or list beside the chart, so the chart itself is an image (``role="img"``) and its bar
links are for the pointer only (the table's links are the keyboard's).
"""

from dataclasses import dataclass

import pygal
from django.utils.safestring import SafeString, mark_safe
from lxml import etree
from pygal.style import Style

LABEL_CHARS = 28
INK, MUTED, LINE, BRAND = "#1b1f24", "#57606a", "#d8dee4", "#0a5ea8"  # explorer.css's palette
# Sizes are in the SVG's own units; the SVG scales to its box (max-width 100%), so a phone shows it smaller.
STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground=INK,
    foreground_strong=INK,
    foreground_subtle=LINE,
    colors=(BRAND,),
    font_family="system-ui, sans-serif",
    label_font_size=13,
    major_label_font_size=13,
    value_font_size=13,
    title_font_size=15,
    opacity=".95",
    opacity_hover="1",
    transition="0s",
)


@dataclass
class Chart:
    id: str
    title: str
    desc: str
    svg: SafeString


def _short(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def describe(points: list[tuple[str, float]], unit: str, things: str = "bars") -> str:
    if not points:
        return f"No {unit}."
    top = max(points, key=lambda p: p[1])
    return (
        f"{len(points)} {things}; the largest is {top[0]} with {top[1]:g} {unit}. "
        f"The table after the chart lists every value."
    )


def _config(**extra) -> dict:
    """The options every chart shares: no script, no legend, no title drawn (the page's caption is it)."""
    return {
        "js": [],
        "disable_xml_declaration": True,
        "style": STYLE,
        "show_legend": False,
        "print_values": True,
        "print_values_position": "top",
        "y_labels_major_count": 3,
        "show_minor_y_labels": False,
        "margin": 6,
        **extra,
    }


def _finish(chart, id: str, title: str, desc: str) -> Chart:
    """The chart as SVG with a fixed id (its CSS is scoped to it), ``role="img"`` named by its title and
    described by ``desc``, without pygal's comments (one carries the day it was drawn)."""
    chart.uuid = id.removeprefix("chart-")  # pygal scopes its <style> to #chart-<uuid>, the svg's id
    root = chart.render_tree()
    # pygal writes its config as an inline <script> even with js=[] (the CSP refuses it, the page needs
    # none), and a <desc> per value and a tooltip box for that script's tooltips: none is wanted.
    unused = "//comment() | //*[local-name()='script' or local-name()='desc'] | //*[@class='tooltip']"
    for node in root.xpath(unused):
        node.getparent().remove(node)
    svg_title = root.xpath("*[local-name()='title']")[0]  # pygal's own, named "Pygal" when untitled
    svg_title.text = title
    svg_title.set("id", f"{id}-t")
    svg_desc = etree.Element("desc", id=f"{id}-d")
    svg_desc.text = desc
    svg_title.addnext(svg_desc)
    root.set("class", "chart")
    root.set("role", "img")
    root.set("aria-labelledby", f"{id}-t {id}-d")
    return Chart(id=id, title=title, desc=desc, svg=mark_safe(etree.tostring(root, encoding="unicode")))


def bar_chart(id: str, title: str, points: list[tuple[str, float]], *, unit: str = "records") -> Chart:
    """Horizontal bars, one per (label, value), top to bottom in the order given (largest first for a
    group_by)."""
    # The values are printed at the bars' ends, so no value axis; pygal's category labels are its "minor y".
    chart = pygal.HorizontalBar(
        **_config(
            width=560,
            margin_right=28,
            height=max(80, 30 * len(points) + 12),
            show_x_labels=False,
            show_minor_y_labels=True,
            show_x_guides=False,
            spacing=6,
        )
    )
    # pygal draws a horizontal chart's first value at the bottom: give it the points bottom-up.
    chart.x_labels = [_short(label) for label, _v in reversed(points)]
    chart.add(unit, [{"value": v, "label": label} for label, v in reversed(points)])
    return _finish(chart, id, title, describe(points, unit))


def line_chart(id: str, title: str, points: list[tuple[str, float]], *, unit: str = "records") -> Chart:
    """A line over time buckets (oldest first) with a dot per bucket; the y axis starts at 0."""
    chart = pygal.Line(
        **_config(
            width=560,
            height=220,
            margin_right=28,
            include_x_axis=True,
            show_x_guides=False,
            stroke_style={"width": 2.5},
        )
    )
    chart.x_labels = [label for label, _v in points]
    chart.x_labels_major_every = max(1, len(points) // 8)  # at most ~8 x labels
    chart.show_minor_x_labels = len(points) <= 8
    chart.truncate_label = -1  # "2024" whole, never "2…"
    chart.print_values = len(points) <= 12  # more would overlap: the table has them
    chart.add(unit, [v for _l, v in points])
    return _finish(chart, id, title, describe(points, unit, "time buckets"))


def column_chart(
    id: str,
    title: str,
    points: list[tuple[str, float, str]],
    *,
    unit: str = "records",
    ticks: list[str] | None = None,
) -> Chart:
    """Vertical bars over periods (oldest first), each a link to its ``url`` (a click narrows a search to
    that period), labelled on the axis by ``ticks`` (shorter forms of the labels) when given; the links are out of the tab order, since the table beside the chart holds the same
    links for the keyboard and screen readers."""
    chart = pygal.Bar(**_config(width=260, height=170, include_x_axis=True, show_x_guides=False, spacing=2))
    chart.x_labels = ticks or [label for label, _v, _u in points]
    chart.x_labels_major_every = max(1, -(-len(points) // 6))  # at most ~6 x labels fit a side column
    chart.show_minor_x_labels = len(points) <= 6
    chart.truncate_label = -1  # "2024-05" whole, never "2024…"
    chart.print_values = len(points) <= 12
    biggest = max((v for _l, v, _u in points), default=0)
    chart.y_labels = sorted({0, biggest})  # whole numbers (pygal's own ticks may read 4.5 records)
    chart.add(
        unit,
        [
            {"value": v, "label": f"{label}: {v:g} {unit}", "xlink": {"href": url, "target": "_self"}}
            for label, v, url in points
        ],
    )
    rendered = _finish(chart, id, title, describe([(p[0], p[1]) for p in points], unit))
    root = etree.fromstring(str(rendered.svg))
    for link, (label, value, _url) in zip(root.xpath("//*[local-name()='a']"), points, strict=True):
        link.set("tabindex", "-1")
        link.attrib.pop("target", None)
        hover = etree.Element("title")
        hover.text = f"{label}: {value:g} {unit}"
        link.insert(0, hover)
    rendered.svg = mark_safe(etree.tostring(root, encoding="unicode"))
    return rendered
