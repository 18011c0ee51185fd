"""House committee meetings from the House Committee Repository (docs.house.gov), the way its site offers
them: the committee list (``/Committee/Committees.aspx``), each committee's RSS feed of events
(``/Committee/RSS.ashx?Code=RU00``: one item per meeting, linking ``/Committee/Calendar/ByEvent.aspx?
EventID=102252``, with the time it was last published), and each event's meeting XML, which the event page
hands out only to its form's postback ("Download meeting XML"). Events published since ``since`` are
fetched; the feed's publication time is the version, so an event not republished is not fetched again.
``JOSH_SYNC_HOUSE_COMMITTEES`` limits the committees (default: every one the site lists)."""

import logging
import re
from datetime import timedelta
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin

import lxml.html
from django.utils import timezone
from lxml import etree

from apps.core.inputs import xml_parser
from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

logger = logging.getLogger("josh.sync")
_EVENT = re.compile(r"EventID=(\d+)$")
MEETING_XML_BUTTON = "ctl00$MainContent$LinkButtonDownloadMtgXML"


def committees(ctx: FetchContext) -> list[str]:
    if ctx.conf["HOUSE_COMMITTEES"]:
        return list(ctx.conf["HOUSE_COMMITTEES"])
    page = ctx.client.get(ctx.url("HOUSE_DOCS_URL", "/Committee/Committees.aspx")).text
    return list(dict.fromkeys(re.findall(r'<option value="([A-Z]{2}\d{2})"', page)))


def feed_events(ctx: FetchContext, code: str, since) -> list[tuple[str, str, str]]:
    """(event id, event page URL, published) for each event in the committee's feed since ``since``."""
    feed = ctx.client.get(ctx.url("HOUSE_DOCS_URL", "/Committee/RSS.ashx"), params={"Code": code}).content
    # The feed uses HTML's &nbsp;, which XML does not define.
    channel = etree.fromstring(feed.replace(b"&nbsp;", b" "), xml_parser())
    events = []
    for item in channel.iterfind("channel/item"):
        link, published = item.findtext("link", "").strip(), item.findtext("pubDate", "").strip()
        if not (m := _EVENT.search(link)) or not published:
            continue  # the feed has shown empty items
        if parsedate_to_datetime(published).date() < since:
            continue
        events.append((m.group(1), link, parsedate_to_datetime(published).isoformat()))
    return events


def meeting_xml(ctx: FetchContext, page_url: str) -> bytes | None:
    """Post the event page's form back with the "Download meeting XML" button as its target."""
    page = ctx.client.get(page_url)
    form = lxml.html.fromstring(page.content).forms[0]
    fields = {i.name: i.value or "" for i in form.inputs if i.name and getattr(i, "type", "") == "hidden"}
    fields.update({"__EVENTTARGET": MEETING_XML_BUTTON, "__EVENTARGUMENT": ""})
    content = ctx.client.post(urljoin(str(page.url), form.action or page_url), data=fields).content
    return content if b"<committee-meeting" in content[:2000] else None


def meeting_changes(ctx: FetchContext):
    since = ctx.since or timezone.now().date() - timedelta(days=ctx.conf["FIRST_SYNC_DAYS"])
    seen: set[str] = set()
    for code in committees(ctx):
        for event_id, link, published in feed_events(ctx, code, since):
            if event_id in seen:  # a joint meeting is in each of its committees' feeds
                continue
            seen.add(event_id)
            name = f"HMTG{event_id}-committee-meeting.xml"
            if ctx.known.get(name) == published:
                yield Remote(name=name, version=published, content=b"")  # counted unchanged, not fetched
                continue
            content = meeting_xml(ctx, link)
            if content is None:
                logger.warning("sync hearings: event %s gave no meeting XML; skipped", event_id)
                continue
            yield Remote(name=name, version=published, content=content)


register(
    Fetcher(
        slug="hearings",
        upstream="docs.house.gov committee RSS feeds + event meeting XML",
        ingest=("hearings",),
        changes=meeting_changes,
    )
)
