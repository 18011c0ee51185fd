"""The reader (apps/explorer/reader.py): long texts cleaned for reading, with anchors, contents and pinpoint
citations. Pure functions: no database."""

from apps.explorer import reader
from apps.explorer.templatetags.explorer import inline


def test_blocks_headings_paragraphs_and_a_documents_own_contents_list():
    text = (
        "Background\n\nThe M-1 Abrams Tank is designed to maneuver under fire.\nIt is named for a general.\n\n"
        "# Contents\n- Background\n- Costs\n---\n\nSEC. 2. DEFINITIONS\n\n**Abbreviations**\n\n"
        "the words “person” include corporations;\n\n12"
    )
    reading = reader.read(text)
    assert [(b.kind, b.text) for b in reading.blocks] == [
        ("h", "Background"),
        # the PDF wrapped the first line (it is the block's longest): one paragraph, one line
        ("p", "The M-1 Abrams Tank is designed to maneuver under fire. It is named for a general."),
        ("h", "Contents"),
        ("list", "- Background\n- Costs"),
        ("h", "SEC. 2. DEFINITIONS"),
        ("h", "Abbreviations"),
        ("p", "the words “person” include corporations;"),
        ("p", "12"),
    ]
    # The contents list links the items that name a heading of the text; the rest stay text.
    assert reading.blocks[3].items == [("Background", "s-background"), ("Costs", "")]
    assert [(h.text, h.anchor) for h in reading.toc] == [
        ("Background", "s-background"),
        ("Contents", "s-contents"),
        ("SEC. 2. DEFINITIONS", "sec-2"),
        ("Abbreviations", "s-abbreviations"),
    ]


def test_a_text_printed_a_paragraph_a_line_keeps_its_lines_and_nesting():
    text = (
        "A BILL\nTo establish a partnership.\nSECTION 1. SHORT TITLE. This Act may be cited as the “X Act”.\n"
        "SEC. 2. UNITED STATES POLICY IN THE WESTERN HEMISPHERE. It is the policy of the United States—\n"
        "  (1) encouraging stronger economic relations;\nSEC. 3. PROMOTING SECURITY.\n  (a) Sense of Congress."
        "\n    (1) In general.—The Secretary shall\n    (2) Report.—\n      “(A) Inserted.—\n  (b) Funding."
    )
    reading = reader.read(text, pinpoint=reader.pinpoint_for({}, bill_label="H.R. 1, 118th Cong."))
    assert [(b.kind, b.text, b.level, b.anchor, b.pinpoint) for b in reading.blocks] == [
        ("h", "A BILL", 0, "s-a-bill", ""),
        ("p", "To establish a partnership.", 0, "", ""),
        ("h", "SECTION 1. SHORT TITLE.", 0, "sec-1", "H.R. 1, 118th Cong. § 1"),
        ("p", "This Act may be cited as the “X Act”.", 0, "", ""),
        (
            "h",
            "SEC. 2. UNITED STATES POLICY IN THE WESTERN HEMISPHERE.",
            0,
            "sec-2",
            "H.R. 1, 118th Cong. § 2",
        ),
        ("p", "It is the policy of the United States—", 0, "", ""),
        ("p", "(1) encouraging stronger economic relations;", 1, "sec-2-1", "H.R. 1, 118th Cong. § 2(1)"),
        ("h", "SEC. 3. PROMOTING SECURITY.", 0, "sec-3", "H.R. 1, 118th Cong. § 3"),
        ("p", "(a) Sense of Congress.", 1, "sec-3-a", "H.R. 1, 118th Cong. § 3(a)"),
        ("p", "(1) In general.—The Secretary shall", 2, "sec-3-a-1", "H.R. 1, 118th Cong. § 3(a)(1)"),
        ("p", "(2) Report.—", 2, "sec-3-a-2", "H.R. 1, 118th Cong. § 3(a)(2)"),
        # quoted: text an amendment inserts into another law, not a place in this bill
        ("p", "“(A) Inserted.—", 3, "", ""),
        ("p", "(b) Funding.", 1, "sec-3-b", "H.R. 1, 118th Cong. § 3(b)"),
    ]


def test_federal_register_page_markers_become_anchors_and_pinpoints():
    text = "[[Page 9741]]\nDEPARTMENT OF TRANSPORTATION\nBackground\nThe FAA has received a report\n[[Page 9742]]\nCosts of Compliance\nThe FAA estimates the costs."
    pinpoint = reader.pinpoint_for({"volume": 89, "start_page": 9741})
    reading = reader.read(text, pinpoint=pinpoint, first_page=9741)
    assert [(b.kind, b.text, b.anchor, b.pinpoint) for b in reading.blocks] == [
        ("page", "9741", "page-9741", "89 FR 9741"),
        ("h", "DEPARTMENT OF TRANSPORTATION", "s-department-of-transportation", "89 FR 9741"),
        ("h", "Background", "s-background", "89 FR 9741"),
        ("p", "The FAA has received a report", "", ""),
        ("page", "9742", "page-9742", "89 FR 9742"),
        ("h", "Costs of Compliance", "s-costs-of-compliance", "89 FR 9742"),
        ("p", "The FAA estimates the costs.", "", ""),
    ]
    assert "[[Page" not in " ".join(b.text for b in reading.blocks if b.kind != "page")


def test_a_code_section_is_cited_by_its_paragraphs():
    pinpoint = reader.pinpoint_for({"id": "cfr:1:1.1", "title": 1, "section": "1.1"})
    reading = reader.read(
        "(a) This chapter sets forth.\n\n(b) Definitions.", pinpoint=pinpoint, section="1.1"
    )
    assert [(b.anchor, b.pinpoint) for b in reading.blocks] == [
        ("sec-1-1-a", "1 CFR 1.1(a)"),
        ("sec-1-1-b", "1 CFR 1.1(b)"),
    ]
    usc = reader.pinpoint_for({"id": "usc:42:1983", "title": 42, "section": "1983"})
    assert usc("1983", ("a", "1"), None, "") == "42 U.S.C. 1983(a)(1)"


def test_a_report_is_cited_by_its_section_headings():
    pinpoint = reader.pinpoint_for(
        {"citation": {"citation_string": "CRS Report R48694, R&D Funding (2025-09-01)"}}
    )
    reading = reader.read("Introduction\n\nSome text here.", pinpoint=pinpoint)
    assert reading.blocks[0].pinpoint == "CRS Report R48694, “Introduction”"
    assert reading.blocks[1].pinpoint == ""


def test_pdf_page_breaks_lists_and_tables():
    text = (
        "WIC is administered by the USDA’s Food and Nutrition\n\nService (FNS) in cooperation with states.\n\n"
        "BIC Business Information Center\nCOO Chief Operating Officer\n\n"
        "• one item of a list that the author wrote on its own line\n• two\n\n"
        "|Goal|Rate|\n|---|---|\n|**Any**|75%<br>at birth|"
    )
    blocks = reader.read(text).blocks
    assert [(b.kind, b.text) for b in blocks[:3]] == [
        (
            "p",
            "WIC is administered by the USDA’s Food and Nutrition Service (FNS) in cooperation with states.",
        ),
        ("p", "BIC Business Information Center\nCOO Chief Operating Officer"),
        ("p", "• one item of a list that the author wrote on its own line\n• two"),
    ]
    assert blocks[3].kind == "table" and blocks[3].rows == [["Goal", "Rate"], ["**Any**", "75%\nat birth"]]
    assert blocks[3].header
    footnotes = reader.read("Footnotes\n\n| 1. | See P.L. 112-25.\n| 2. | Executive Order 14347.").blocks[1:]
    assert [(b.kind, b.rows, b.header) for b in footnotes] == [
        ("table", [["1.", "See P.L. 112-25."], ["2.", "Executive Order 14347."]], False)
    ]


def test_anchors_are_unique_across_the_texts_of_one_page():
    used: set[str] = set()
    first = reader.read("Background\n\nText one.", used=used)
    second = reader.read("Background\n\nText two.", used=used)
    assert (first.toc[0].anchor, second.toc[0].anchor) == ("s-background", "s-background-2")


def test_inline_markup_is_rendered_never_shown_raw_and_always_escaped():
    assert inline("a **bold** and _it_ and *[Figure 2 — see PDF]* <b>x</b> snake_case") == (
        "a <strong>bold</strong> and <em>it</em> and <em>[Figure 2 — see PDF]</em> &lt;b&gt;x&lt;/b&gt; snake_case"
    )
    assert inline("**cut by the page") == "cut by the page"


def test_a_search_hits_text_fragment_is_a_run_of_its_passages_words():
    assert reader.text_fragment("…ment of the Federal Register, the “person” includes") == (
        "#:~:text=of%20the%20Federal%20Register%2C%20the"
    )
    assert reader.text_fragment("[[Page 9741]]\nThe FAA is adopting a new long-term rule") == (
        "#:~:text=The%20FAA%20is%20adopting%20a%20new"
    )
    assert reader.text_fragment("a b") == ""
