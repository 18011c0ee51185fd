"""Pure computations behind the explorer pages: no queries, no request, no framework; tested on their own.

The pages read everything through the existing selectors (search, dossiers, registry, bills, documents); what
is here only reshapes what those return: a vote's tally by party, a bill's status steps from its actions,
search snippets split at their highlight offsets, source facets over ranked hits, a committee roster by side,
and any record as a page (its long texts read through apps.explorer.reader).
"""

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from apps.core.ids import ID_PREFIX_HINTS, is_id_key
from apps.core.legislative import washington_time_label
from apps.explorer import reader

# ---------------------------------------------------------------------------------------------------------
# Votes
# ---------------------------------------------------------------------------------------------------------

POSITION_ORDER = ("yes", "no", "present", "not_voting", "other")
POSITION_LABELS = {
    "yes": "Yes",
    "no": "No",
    "present": "Present",
    "not_voting": "Not voting",
    "other": "Other",
}
PARTY_NAMES = {"D": "Democrats", "R": "Republicans", "I": "Independents", "ID": "Independent Democrats"}
_PARTY_ORDER = ("D", "R", "I", "ID")


def party_name(code: str) -> str:
    return PARTY_NAMES.get(code, code or "Unknown party")


def _party_key(code: str) -> tuple[int, str]:
    return (_PARTY_ORDER.index(code) if code in _PARTY_ORDER else len(_PARTY_ORDER), code)


@dataclass
class TallyRow:
    party: str  # the party code as the vote file gives it ("" when unknown)
    name: str
    counts: dict[str, int]  # normalized position -> members
    total: int
    cells: list[int] = field(default_factory=list)  # the counts in the tally's column order


@dataclass
class Tally:
    columns: list[str]  # normalized positions with at least one member, in POSITION_ORDER
    rows: list[TallyRow]  # one per party, D, R, I first
    total: TallyRow  # the column sums: equal to the vote's normalized totals

    @property
    def labels(self) -> list[str]:
        return [POSITION_LABELS.get(c, c) for c in self.columns]


def party_tally(positions: Iterable[Any]) -> Tally:
    """Members per party and normalized position (yes, no, present, not_voting, other) from a vote's
    positions (objects or dicts with ``party`` and ``normalized``)."""
    counts: dict[str, Counter] = {}
    for p in positions:
        party, normalized = _get(p, "party") or "", _get(p, "normalized") or "other"
        counts.setdefault(party, Counter())[normalized] += 1
    overall = sum(counts.values(), Counter())
    columns = [c for c in POSITION_ORDER if overall[c]] + sorted(set(overall) - set(POSITION_ORDER))
    rows = [
        TallyRow(party, party_name(party), dict(c), sum(c.values()), [c[k] for k in columns])
        for party, c in sorted(counts.items(), key=lambda kv: _party_key(kv[0]))
    ]
    total = TallyRow("", "Total", dict(overall), sum(overall.values()), [overall[k] for k in columns])
    return Tally(columns=columns, rows=rows, total=total)


@dataclass
class PositionGroup:
    normalized: str
    label: str
    members: list[Any]
    mixed: bool = False  # the members recorded more than one option (Yea and Aye): show each one's


def positions_by_vote(positions: Iterable[Any]) -> list[PositionGroup]:
    """Members grouped by normalized position (yes first), each group by party then name."""
    groups: dict[str, list] = {}
    for p in positions:
        groups.setdefault(_get(p, "normalized") or "other", []).append(p)
    order = [c for c in POSITION_ORDER if c in groups] + sorted(set(groups) - set(POSITION_ORDER))
    return [
        PositionGroup(
            normalized=c,
            label=POSITION_LABELS.get(c, c),
            members=sorted(groups[c], key=lambda p: (_party_key(_get(p, "party") or ""), _get(p, "name"))),
            mixed=len({_get(p, "position") for p in groups[c]}) > 1,
        )
        for c in order
    ]


# ---------------------------------------------------------------------------------------------------------
# Bills
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Step:
    key: str
    label: str
    done: bool = False
    date: dt.date | None = None
    text: str = ""  # the action that reached it


# (key, label, action codes, text prefixes) — prefixes are compared case-insensitively, because legacy
# BILLSTATUS records print some actions in capitals ("PASSED SENATE").
_MILESTONES = {
    "introduced": ("Introduced", {"1000", "10000", "Intro-H", "Intro-S"}, ("Introduced",)),
    "committee": ("In committee", {"H11100", "2000", "11000"}, ("Referred to",)),
    "house": ("Passed House", {"8000"}, ("Passed/agreed to in House", "Passed House")),
    "senate": ("Passed Senate", {"17000"}, ("Passed/agreed to in Senate", "Passed Senate")),
    "president": ("To President", {"28000"}, ("Presented to President",)),
    "vetoed": ("Vetoed", {"31000"}, ("Vetoed by President",)),
    "law": ("Became law", {"36000"}, ("Became Public Law", "Signed by President")),
}
_SIMPLE_RESOLUTIONS = {"hres": "house", "sres": "senate"}
_CONCURRENT = ("hconres", "sconres")


def _steps_for(bill_type: str, origin_chamber: str) -> list[str]:
    if bill_type in _SIMPLE_RESOLUTIONS:
        return ["introduced", "committee", _SIMPLE_RESOLUTIONS[bill_type]]
    chambers = ["senate", "house"] if origin_chamber.lower() == "senate" or bill_type[:1] == "s" else None
    chambers = chambers or ["house", "senate"]
    if bill_type in _CONCURRENT:
        return ["introduced", "committee", *chambers]
    return ["introduced", "committee", *chambers, "president", "law"]


def _matches(key: str, codes: Iterable[str], text: str) -> bool:
    _label, milestone_codes, prefixes = _MILESTONES[key]
    return bool(set(codes) & milestone_codes) or text.lower().startswith(tuple(p.lower() for p in prefixes))


def status_steps(
    actions: Iterable[Any],
    *,
    bill_type: str,
    origin_chamber: str = "",
    introduced: dt.date | None = None,
    laws: Sequence[str] = (),
) -> list[Step]:
    """The bill's path (introduced, committee, each chamber, President, law) with the date each step was
    first reached, read from its actions (``date``, ``text``, ``action_codes``). A veto adds a step."""
    keys = _steps_for(bill_type, origin_chamber)
    steps = {k: Step(key=k, label=_MILESTONES[k][0]) for k in [*keys, "vetoed"]}
    for action in actions:
        text, codes = _get(action, "text") or "", _get(action, "action_codes") or []
        for key, step in steps.items():
            if not step.done and _matches(key, codes, text):
                step.done, step.date, step.text = True, _get(action, "date"), text
    if not steps["introduced"].done and introduced:
        steps["introduced"].done, steps["introduced"].date = True, introduced
    if laws and "law" in steps and not steps["law"].done:
        steps["law"].done = True
    out = [steps[k] for k in keys]
    if steps["vetoed"].done:
        out.insert(keys.index("president") + 1 if "president" in keys else len(out), steps["vetoed"])
    return out


def party_counts(split: dict[str, int]) -> list[tuple[str, str, int]]:
    """A cosponsor party split ({"R": 10}) as (code, name, count) rows, D, R, I first."""
    return [
        (code, party_name(code), n) for code, n in sorted(split.items(), key=lambda kv: _party_key(kv[0]))
    ]


# ---------------------------------------------------------------------------------------------------------
# Committees
# ---------------------------------------------------------------------------------------------------------


@dataclass
class RosterSide:
    side: str  # majority | minority | ""
    label: str
    members: list[Any] = field(default_factory=list)


def roster_by_side(seats: Iterable[Any]) -> list[RosterSide]:
    """A committee roster (rows with ``party_side`` and ``rank``) split into the majority and minority
    sides, each in rank order (unranked last), as the selector returns them."""
    sides: dict[str, RosterSide] = {}
    for seat in seats:
        side = _get(seat, "party_side") or ""
        label = {"majority": "Majority", "minority": "Minority"}.get(side, side.capitalize() or "Members")
        sides.setdefault(side, RosterSide(side=side, label=label)).members.append(seat)
    for group in sides.values():
        group.members.sort(key=lambda s: (_get(s, "rank") is None, _get(s, "rank") or 0))
    order = {"majority": 0, "minority": 1}
    return sorted(sides.values(), key=lambda g: (order.get(g.side, 2), g.side))


# ---------------------------------------------------------------------------------------------------------
# Search
# ---------------------------------------------------------------------------------------------------------


def snippet_segments(text: str, highlights: Iterable[Sequence[int]]) -> list[tuple[str, bool]]:
    """``text`` cut at the highlight ranges ([start, end) character offsets): (piece, is_match) in order.
    Overlapping or out-of-range offsets are merged and clamped, so any input yields the whole text once."""
    spans: list[list[int]] = []
    for start, end in sorted((max(0, int(s)), min(len(text), int(e))) for s, e in highlights):
        if start >= end:
            continue
        if spans and start <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    out, cursor = [], 0
    for start, end in spans:
        if start > cursor:
            out.append((text[cursor:start], False))
        out.append((text[start:end], True))
        cursor = end
    if cursor < len(text):
        out.append((text[cursor:], False))
    return out


@dataclass
class Facet:
    source: str
    count: int


def source_facets(hits: Iterable[Any]) -> list[Facet]:
    """How many of ``hits`` come from each source, most first (ties by slug)."""
    counts = Counter(_get(h, "source") for h in hits)
    return [Facet(source=s, count=n) for s, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def _get(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


# ---------------------------------------------------------------------------------------------------------
# Any record as a readable page (reports, rules, laws, the Record...)
# ---------------------------------------------------------------------------------------------------------

TITLE_KEYS = ("title", "heading", "short_title", "name", "display_name")
# Long text fields, in reading order, with the heading each gets on the page.
TEXT_FIELDS = {
    "summary": "Summary",
    "highlights": "Highlights",
    "recommendations": "Recommendations",
    "chapeau": "Chapeau",
    "body": "Text",
    "text": "Text",
    "notes": "Notes",
}
SKIP_FIELDS = {"citation", "search_name", "has_text"}
TABLE_ROWS = 50
CELL_CHARS = 240


@dataclass
class Value:
    text: str
    url: str | None = None


@dataclass
class Fact:
    label: str
    values: list[Value]


@dataclass
class Table:
    label: str
    columns: list[str]
    rows: list[list[Value]]
    more: int = 0  # rows left out


@dataclass
class TextSection:
    label: str
    reading: reader.Reading


@dataclass
class DocumentParts:
    title: str
    facts: list[Fact]
    tables: list[Table]
    texts: list[TextSection]


def label_for(key: str) -> str:
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


# A timestamp as the JSON dump writes it (pydantic: "2021-03-04T04:29:00Z", or with an offset).
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)")


def readable(text: str) -> str:
    """A value of a record's JSON as a page shows it: a UTC timestamp on Washington's clock
    ('2021-03-03 23:29 EST'), so its day is the legislative day the rest of the page uses; anything else as it
    is."""
    if _TIMESTAMP.fullmatch(text):
        return washington_time_label(dt.datetime.fromisoformat(text))
    return text


def _scalar(value: Any, key: str, link) -> Value:
    text = "yes" if value is True else "no" if value is False else readable(str(value))
    url = link(ID_PREFIX_HINTS.get(key, "") + text) if is_id_key(key) and isinstance(value, str) else None
    return Value(text, url)


def _cell(value: Any, key: str, link) -> Value:
    if isinstance(value, dict | list):
        value = ", ".join(f"{k}: {v}" for k, v in value.items()) if isinstance(value, dict) else value
        value = ", ".join(map(str, value)) if isinstance(value, list) else value
    v = _scalar(value if value is not None else "", key, link)
    if len(v.text) > CELL_CHARS:
        v.text = v.text[: CELL_CHARS - 1].rstrip() + "…"
    return v


def _table(key: str, rows: list[dict], link) -> Table:
    columns = [c for c in dict.fromkeys(k for row in rows for k in row) if c not in SKIP_FIELDS]
    # A column of long prose (a speaker's words, a filing's text) repeats the body: leave it to the body.
    columns = [c for c in columns if not any(len(str(row.get(c) or "")) > 500 for row in rows)]
    return Table(
        label=label_for(key),
        columns=[label_for(c) for c in columns],
        rows=[[_cell(row.get(c), c, link) for c in columns] for row in rows[:TABLE_ROWS]],
        more=max(0, len(rows) - TABLE_ROWS),
    )


def document_parts(data: dict, *, link) -> DocumentParts:
    """A record (its JSON dump) as a page: the title, facts (scalars and lists of values; ids linked through
    ``link(id) -> url | None``), tables (lists of objects) and the long text fields split into blocks."""
    own_id = str(data.get("id", ""))
    title = next(
        (data[k] for k in TITLE_KEYS if isinstance(data.get(k), str) and re.search(r"[A-Za-z]", data[k])),
        own_id,
    )
    section = data.get("section") if own_id.split(":")[0] in reader.CODES else None
    if section and title == data.get("heading"):  # a CFR or US Code section is known by its number first
        title = f"§ {section} {title}"
    pinpoint = reader.pinpoint_for(data)
    first_page = data.get("start_page") if isinstance(data.get("start_page"), int) else None
    facts, tables, texts = [], [], []
    anchors: set[str] = set()  # one page: the summary's anchors and the body's must differ
    own = (lambda value: None if value == own_id else link(value)) if own_id else link
    for key, value in data.items():
        if key in SKIP_FIELDS or value in (None, "", [], {}):
            continue
        if key in TEXT_FIELDS and isinstance(value, str) and (len(value) > 300 or "\n" in value):
            reading = reader.read(
                value, pinpoint=pinpoint, first_page=first_page, section=section, used=anchors
            )
            texts.append((list(TEXT_FIELDS).index(key), TextSection(TEXT_FIELDS[key], reading)))
        elif isinstance(value, list) and all(isinstance(v, dict) for v in value):
            tables.append(_table(key, value, own))
        elif isinstance(value, list):
            facts.append(Fact(label_for(key), [_scalar(v, key, own) for v in value]))
        elif isinstance(value, dict):
            facts.append(Fact(label_for(key), [_cell(value, key, own)]))
        elif key != "id" and not (key in TITLE_KEYS and value == title):
            facts.append(Fact(label_for(key), [_scalar(value, key, own)]))
    return DocumentParts(
        title=title, facts=facts, tables=tables, texts=[t for _i, t in sorted(texts, key=lambda t: t[0])]
    )
