"""The explorer's pure reshaping functions, on hand-made inputs."""

from datetime import date

from apps.explorer import services


def _p(party, normalized, name="x", position="Yea"):
    return {"party": party, "normalized": normalized, "name": name, "position": position}


def test_party_tally_rows_and_columns_add_up():
    positions = [_p("R", "yes")] * 3 + [_p("D", "no")] * 2 + [_p("D", "not_voting"), _p("I", "no")]
    tally = services.party_tally(positions)
    assert tally.columns == ["yes", "no", "not_voting"]
    assert tally.labels == ["Yes", "No", "Not voting"]
    assert [(r.party, r.name, r.cells, r.total) for r in tally.rows] == [
        ("D", "Democrats", [0, 2, 1], 3),
        ("R", "Republicans", [3, 0, 0], 3),
        ("I", "Independents", [0, 1, 0], 1),
    ]
    assert tally.total.cells == [3, 3, 1] and tally.total.total == 7
    assert [sum(col) for col in zip(*(r.cells for r in tally.rows), strict=True)] == tally.total.cells


def test_positions_grouped_yes_first_and_mixed_options_flagged():
    groups = services.positions_by_vote(
        [_p("R", "no", "b", "Nay"), _p("D", "yes", "z", "Yea"), _p("R", "yes", "a", "Aye")]
    )
    assert [(g.normalized, [m["name"] for m in g.members], g.mixed) for g in groups] == [
        ("yes", ["z", "a"], True),
        ("no", ["b"], False),
    ]


ACTIONS = [
    {"date": date(2025, 1, 16), "text": "Introduced in House", "action_codes": ["1000", "Intro-H"]},
    {"date": date(2025, 1, 16), "text": "Referred to the House Committee on Energy and Commerce.",
     "action_codes": ["H11100"]},
    {"date": date(2025, 3, 27), "text": "Passed/agreed to in House: On passage Passed by the Yeas and Nays",
     "action_codes": ["8000", "H37100"]},
    {"date": date(2025, 4, 3), "text": "Passed/agreed to in Senate: Passed Senate without amendment",
     "action_codes": ["17000"]},
    {"date": date(2025, 5, 5), "text": "Presented to President.", "action_codes": ["28000", "E20000"]},
    {"date": date(2025, 5, 9), "text": "Signed by President.", "action_codes": ["36000", "E30000"]},
]  # fmt: skip


def test_status_steps_from_actions():
    steps = services.status_steps(ACTIONS, bill_type="hjres", origin_chamber="House")
    assert [(s.label, s.done, s.date) for s in steps] == [
        ("Introduced", True, date(2025, 1, 16)),
        ("In committee", True, date(2025, 1, 16)),
        ("Passed House", True, date(2025, 3, 27)),
        ("Passed Senate", True, date(2025, 4, 3)),
        ("To President", True, date(2025, 5, 5)),
        ("Became law", True, date(2025, 5, 9)),
    ]


def test_status_steps_senate_bill_stalled_and_a_veto():
    steps = services.status_steps(ACTIONS[:1], bill_type="s", origin_chamber="Senate")
    assert [s.key for s in steps] == ["introduced", "committee", "senate", "house", "president", "law"]
    assert [s.done for s in steps] == [True, False, False, False, False, False]
    vetoed = ACTIONS[:5] + [
        {"date": date(2015, 4, 13), "text": "Vetoed by President.", "action_codes": ["31000"]}
    ]
    steps = services.status_steps(vetoed, bill_type="hr", origin_chamber="House")
    assert [s.key for s in steps][-3:] == ["president", "vetoed", "law"]
    assert not steps[-1].done
    simple = services.status_steps([], bill_type="hres", introduced=date(2025, 1, 3))
    assert [(s.key, s.done) for s in simple] == [("introduced", True), ("committee", False), ("house", False)]


def test_snippet_segments_merge_clamp_and_keep_every_character():
    text = "Walk-In Coolers and Walk-In Freezers"
    pieces = services.snippet_segments(text, [(28, 36), (0, 7), (3, 5), (20, 27), (30, 99), (9, 9)])
    assert pieces == [
        ("Walk-In", True),
        (" Coolers and ", False),
        ("Walk-In", True),
        (" ", False),
        ("Freezers", True),
    ]
    assert "".join(t for t, _ in pieces) == text
    assert services.snippet_segments("abc", []) == [("abc", False)]


def test_source_facets_count_most_first():
    hits = [{"source": s} for s in ("gao-reports", "bills", "gao-reports", "crs-reports")]
    assert [(f.source, f.count) for f in services.source_facets(hits)] == [
        ("gao-reports", 2),
        ("bills", 1),
        ("crs-reports", 1),
    ]


def test_roster_by_side_majority_first_in_rank_order():
    seats = [
        {"party_side": "minority", "rank": 2, "n": "c"},
        {"party_side": "majority", "rank": None, "n": "b"},
        {"party_side": "majority", "rank": 1, "n": "a"},
        {"party_side": "minority", "rank": 1, "n": "d"},
    ]
    sides = services.roster_by_side(seats)
    assert [(s.label, [m["n"] for m in s.members]) for s in sides] == [
        ("Majority", ["a", "b"]),
        ("Minority", ["d", "c"]),
    ]


def test_document_parts_links_ids_and_orders_texts():
    data = {
        "id": "crs:R1",
        "title": "A report",
        "product_number": "R1",
        "body": "Intro\n\n" + "word " * 100,
        "summary": "Short summary.\nSecond line.",
        "bills_mentioned": [{"bill_id": "hr:119:1", "mention": "H.R. 1"}],
        "crs_products_cited": ["crs:R2", "crs:R1"],
        "docket_ids": ["EPA-HQ-OAR-2003-0129"],
        "citation": {"citation_string": "x"},
        "has_text": True,
    }
    links = {"hr:119:1": "/bills/hr:119:1", "crs:R2": "/crs-reports/crs:R2", "crs:R1": "/crs-reports/crs:R1",
             "docket:EPA-HQ-OAR-2003-0129": "/dockets/docket:EPA-HQ-OAR-2003-0129"}  # fmt: skip
    parts = services.document_parts(data, link=links.get)
    assert parts.title == "A report"
    assert [t.label for t in parts.texts] == ["Summary", "Text"]
    assert [(b.kind, b.text, b.anchor) for b in parts.texts[1].reading.blocks[:1]] == [
        ("h", "Intro", "s-intro")
    ]
    facts = {f.label: [(v.text, v.url) for v in f.values] for f in parts.facts}
    assert facts["Product number"] == [("R1", None)]
    assert facts["Crs products cited"] == [("crs:R2", "/crs-reports/crs:R2"), ("crs:R1", None)]  # not itself
    assert facts["Docket ids"] == [("EPA-HQ-OAR-2003-0129", "/dockets/docket:EPA-HQ-OAR-2003-0129")]
    assert "Title" not in facts and "Citation" not in facts and "Has text" not in facts
    table = parts.tables[0]
    assert table.columns == ["Bill id", "Mention"]
    assert [(v.text, v.url) for v in table.rows[0]] == [("hr:119:1", "/bills/hr:119:1"), ("H.R. 1", None)]
