"""``?format=csv&export=all``: the whole result of a list or a search as one CSV, not one page of it.

The pages are read the way a client would page (``next_cursor``, or the next ``offset``) by running the same
operation again, up to ``EXPORT_CAP_ROWS`` rows (setting ``JOSH_EXPORT_CAP_ROWS``); the export stops at the
end of the page that reaches the cap, and says so. A CSV's columns are written first, and a later page may
bring a column the first had not (``citation.corrections.title.reason`` on a corrected record): so the rows
go to a spooled temporary file (memory up to a few MB, then disk) while their columns are collected, and the
CSV is streamed from it once every page is read. An error on any page is the answer, so a partial export
never passes for a whole one.

Headers: ``X-Export-Rows`` (rows in the file), ``X-Export-Cap``, ``X-Export-Truncated`` (``true`` when the
cap cut the result; then ``Link: <…>; rel="next"`` continues from where it stopped) and ``X-Total-Count``.
"""

import json
import tempfile
from collections.abc import Callable, Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from apps.core.export import CSV_TYPE, csv_text, filename_for, next_params, rows_of, url_with

SPOOL_BYTES = 4 * 1024 * 1024


def export_cap() -> int:
    return int(settings.EXPORT_CAP_ROWS)


def _stream(spool, columns: list[str]) -> Iterator[str]:
    try:
        spool.seek(0)
        yield from csv_text(columns, (json.loads(line) for line in spool))
    finally:
        spool.close()


def whole_csv_response(request: HttpRequest, body: dict, again: Callable[[], HttpResponse]):
    """The CSV of every page, from the first page's ``body``; ``again()`` runs the operation once more on
    ``request`` (whose query this function moves to the next page, and restores)."""
    cap = export_cap()
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, mode="w+", encoding="utf-8")
    columns: dict[str, None] = {}
    rows = 0
    original = request.GET
    following = None
    try:
        while True:
            for row in rows_of(body):
                columns.update(dict.fromkeys(row))
                spool.write(json.dumps(row, ensure_ascii=False) + "\n")
                rows += 1
            following = next_params(request, body)
            if following is None or rows >= cap:
                break
            request.GET = following
            response = again()
            if response.status_code != 200:
                spool.close()
                return response  # the error of the page that failed, in the one envelope
            body = json.loads(response.content)
    finally:
        request.GET = original
    answer = StreamingHttpResponse(_stream(spool, list(columns)), content_type=f"{CSV_TYPE}; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="{filename_for(request.path)}"'
    answer["X-Export-Rows"] = str(rows)
    answer["X-Export-Cap"] = str(cap)
    answer["X-Export-Truncated"] = "true" if following is not None else "false"
    if following is not None:
        answer["Link"] = f'<{url_with(request, following)}>; rel="next"'
    total = (body.get("pagination") or {}).get("total", body.get("total"))
    if isinstance(total, int):
        answer["X-Total-Count"] = str(total)
    return answer
