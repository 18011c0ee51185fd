"""The legislative day: the calendar day of a timestamp as Washington keeps it.

Josh stores and serves timestamps in UTC (``voted_at``, ``posted_at``); the Clerk, the Senate, BILLSTATUS and
regulations.gov date the same events on Eastern time. A House vote at 11:29 p.m. EST on March 3 is 04:29 UTC
on March 4, so its UTC date names the wrong day (a quarter of the sample's roll calls are taken after 7 p.m.
Eastern). Every date Josh shows or serves for a timestamp comes from here: the API's ``legislative_date``
fields, the explorer's ``day`` filter, its list and record pages, the legislator vote filters.

America/New_York, not a fixed offset: EST or EDT follows the DST rules of the event's own date.
"""

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

WASHINGTON = ZoneInfo("America/New_York")


def in_washington(moment: datetime) -> datetime:
    """``moment`` on Washington's clock; a naive datetime is read as UTC (what Django stores with USE_TZ)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(WASHINGTON)


def legislative_date(moment: datetime | date | None) -> date | None:
    """The Eastern calendar day of a timestamp; a date is already a day and comes back as it is."""
    if isinstance(moment, datetime):
        return in_washington(moment).date()
    return moment


def day_start(day: date) -> datetime:
    """The UTC instant the legislative day ``day`` begins (midnight Eastern): ``since``/``until`` filters on a
    timestamp compare against it, so a day filter selects what a page shows under that day."""
    return datetime.combine(day, time.min, tzinfo=WASHINGTON).astimezone(UTC)


def washington_time_label(moment: datetime) -> str:
    """A timestamp for a person to read: '2021-03-03 23:29 EST' (the Eastern day first, as dates are shown)."""
    local = in_washington(moment)
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()}"
