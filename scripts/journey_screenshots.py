"""Screenshots of the analyst's journeys (search, citations, feeds, reader, voting record, activity chart) at
1366 and 390 px, in headless Chromium through Playwright, into docs/screenshots/journeys/.

Run it against a server over the demo data (docs/screenshots/README.md says how):

    JOSH_DATA_DIR=/tmp/josh-shots python manage.py setup_demo
    JOSH_DATA_DIR=/tmp/josh-shots python manage.py collectstatic --noinput
    JOSH_DATA_DIR=/tmp/josh-shots python manage.py runserver 127.0.0.1:8000 --noreload &
    python scripts/journey_screenshots.py http://127.0.0.1:8000

Each picture is the window (not the whole page) scrolled to what the journey is about, so it stays small
(a PNG over ``MAX_BYTES`` is taken again with a shorter window). Every step checks that it landed where the
journey says and exits 1 naming the step when not, so a broken journey is not pictured as a working one.
"""

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots" / "journeys"
WIDTHS = {1366: 900, 390: 844}  # window width -> height
MAX_BYTES = 250_000
HOME_BOX = "Search by words, or go straight to a record by its id"


@dataclass
class Journey:
    name: str  # the file's stem: <name>-<width>.png
    what: str  # the README's line for it


def home_box(page: Page, base: str, q: str) -> None:
    """Type ``q`` in the home page's box and press Enter, as a reader does."""
    page.goto(base + "/")
    page.get_by_label(HOME_BOX).fill(q)
    page.get_by_label(HOME_BOX).press("Enter")
    page.wait_for_load_state()


def expect(ok: bool, step: str) -> None:
    if not ok:
        sys.exit(f"journey step failed: {step}")


def scroll_to(page: Page, selector: str) -> None:
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -12)")


def name_card(page: Page, base: str) -> None:
    home_box(page, base, "Senator Markey")
    card = page.locator("section.entities li.entity-legislator a").first
    expect(card.get_attribute("href") == "/legislators/M000133", "Senator Markey: his member card first")


def nickname_member(page: Page, base: str) -> None:
    home_box(page, base, "AOC")
    page.locator("section.entities li.entity a").first.click()
    page.wait_for_load_state()
    expect(page.url.endswith("/legislators/O000172"), "AOC: the card opens Ocasio-Cortez's page")


def citation(q: str, path_re: str):
    def step(page: Page, base: str) -> None:
        home_box(page, base, q)
        expect(re.search(path_re, page.url) is not None, f"{q}: lands on {path_re}, got {page.url}")

    return step


def newest_with_facet(page: Page, base: str) -> None:
    page.goto(base + "/search?q=energy")
    page.get_by_label("Order").select_option("newest")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    page.locator("ul.facet-sources a.toggle", has_text="Federal Register").first.click()
    page.wait_for_load_state()
    page.locator('ul.facet-values[data-facet="document_type"] a.toggle').first.click()
    page.wait_for_load_state()
    expect(
        "sort=newest" in page.url and "source=federal-register" in page.url and "document_type=" in page.url,
        "newest first + the source and document-type facets",
    )


def feed_link(page: Page, base: str) -> None:
    page.goto(base + "/search?q=energy&sort=newest")
    follow = page.get_by_role("link", name="Follow this search (Atom feed)")
    expect(follow.count() == 1, "the search's feed link")
    follow.evaluate("e => { e.style.outline = '3px solid #d4a72c'; e.style.outlineOffset = '3px'; }")
    scroll_to(page, "p.summary")


def crs_reader(page: Page, base: str) -> None:
    page.goto(base + "/crs-reports/crs:R48694")
    toc = page.get_by_role("navigation", name="Contents of Text")
    expect(toc.locator("a").count() >= 30, "the CRS report's contents list")
    toc.get_by_role("link", name="Conclusion", exact=True).click()
    expect(page.url.endswith("#s-conclusion"), "a contents link jumps to its section")
    expect(page.locator("#pin-s-conclusion").inner_text() == "CRS Report R48694, “Conclusion”", "pinpoint")
    page.evaluate("window.scrollBy(0, -12)")


def crs_contents(page: Page, base: str) -> None:
    page.goto(base + "/crs-reports/crs:R48694")
    toc = page.get_by_role("navigation", name="Contents of Text")
    expect(toc.locator("a").count() >= 30, "the CRS report's contents list")
    toc.evaluate("e => e.scrollIntoView({block: 'start'})")


def voting_record(page: Page, base: str) -> None:
    page.goto(base + "/legislators/M000133")
    expect(page.locator("#record-h").count() == 1, "Markey's voting record")
    scroll_to(page, "#record-h")


def activity_chart(page: Page, base: str) -> None:
    page.goto(base + "/search?q=energy")
    expect(page.locator("figure.activity svg.chart").count() == 1, "the activity chart")
    scroll_to(page, "figure.activity")


def activity_narrowed(page: Page, base: str) -> None:
    page.goto(base + "/search?q=energy")
    bars = page.locator("figure.activity svg.chart a")
    bars.nth(bars.count() - 1).click()  # the newest year
    page.wait_for_load_state()
    expect("since=" in page.url and "until=" in page.url, "a bar narrows to its year")
    expect(page.locator("#activity-t").text_content() == "Matching records per month", "per month")
    scroll_to(page, "figure.activity")


JOURNEYS = [
    (
        Journey("a1-name-senator-markey", "“Senator Markey” in the home box: his member card above the hits"),
        name_card,
    ),
    (Journey("a2-nickname-aoc", "“AOC” in the home box, then her card: the member page"), nickname_member),
    (
        Journey("b1-citation-89-fr-9838", "“89 FR 9838” typed: the Federal Register document"),
        citation("89 FR 9838", r"/federal-register/fr:"),
    ),
    (
        Journey(
            "b2-citation-42-usc-1983",
            "“42 U.S.C. 1983” typed: not in the demo data, so a word search that says so",
        ),
        citation("42 U.S.C. 1983", r"/search\?"),
    ),
    (
        Journey("b3-citation-1-usc-1", "“1 U.S.C. 1” typed: the US Code section"),
        citation("1 U.S.C. 1", r"/us-code/usc:1:1"),
    ),
    (
        Journey(
            "b4-citation-pub-l-117-58",
            "“Pub. L. 117-58” typed: not in the demo data, so a word search that says so",
        ),
        citation("Pub. L. 117-58", r"/search\?"),
    ),
    (
        Journey("b5-citation-pub-l-119-7", "“Pub. L. 119-7” typed: the public law"),
        citation("Pub. L. 119-7", r"/public-laws/pl:119:7"),
    ),
    (
        Journey(
            "c-newest-first-with-a-facet",
            "“energy”, newest first, narrowed to the Federal Register and one document type",
        ),
        newest_with_facet,
    ),
    (
        Journey("d-saved-search-feed-link", "a search's “Follow this search (Atom feed)” link (outlined)"),
        feed_link,
    ),
    (Journey("e1-crs-reader-contents", "a CRS report's clickable contents list"), crs_contents),
    (
        Journey(
            "e2-crs-reader-pinpoint",
            "a contents link followed: the section and its copyable pinpoint citation",
        ),
        crs_reader,
    ),
    (
        Journey(
            "f-legislator-voting-record",
            "a member's voting record per Congress (missed votes, votes with the party)",
        ),
        voting_record,
    ),
    (
        Journey("g1-activity-chart", "the activity-over-time chart beside the hits of “energy”, per year"),
        activity_chart,
    ),
    (
        Journey(
            "g2-activity-chart-narrowed", "a bar clicked: the search narrowed to that year, drawn per month"
        ),
        activity_narrowed,
    ),
]


def shoot(page: Page, path: Path, height: int) -> None:
    """The window, shortened until the PNG fits ``MAX_BYTES``."""
    while True:
        page.screenshot(
            path=str(path), clip={"x": 0, "y": 0, "width": page.viewport_size["width"], "height": height}
        )
        if path.stat().st_size <= MAX_BYTES or height <= 400:
            return
        height = int(height * 0.8)


def main(base: str) -> None:
    chromium_path = (
        shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    )
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path, args=["--no-sandbox", "--disable-gpu"])
        for width, height in WIDTHS.items():
            page = chromium.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
            page.set_default_timeout(60_000)
            for journey, step in JOURNEYS:
                step(page, base)
                shoot(page, OUT / f"{journey.name}-{width}.png", height)
                print(f"{journey.name}-{width}.png  {page.url}")
            page.close()
        chromium.close()


if __name__ == "__main__":
    main((sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000").rstrip("/"))
