"""regulations.gov API v4: documents modified since ``since``, page by page (``/v4/documents`` with
``filter[lastModifiedDate][ge]``), saved as the plan reads them: {request_path, recorded_at, response}.
Needs an api.data.gov key (``JOSH_REGULATIONS_GOV_API_KEY``)."""

import hashlib
import json
from datetime import timedelta
from email.utils import format_datetime
from urllib.parse import urlencode

from django.utils import timezone

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

PAGE_SIZE = 250


def document_changes(ctx: FetchContext):
    since = ctx.since or timezone.now().date() - timedelta(days=ctx.conf["FIRST_SYNC_DAYS"])
    number, more = 1, True
    while more:
        query = {
            "filter[lastModifiedDate][ge]": f"{since.isoformat()} 00:00:00",
            "page[number]": number,
            "page[size]": PAGE_SIZE,
            "sort": "lastModifiedDate",
        }
        response = ctx.client.get(
            ctx.url("REGULATIONS_GOV_URL", "/v4/documents"),
            params=query,
            headers={"X-Api-Key": ctx.conf["REGULATIONS_GOV_API_KEY"]},  # a header: URLs get logged
        )
        body = response.json()
        record = {
            "request_path": "/v4/documents?" + urlencode(query),
            "recorded_at": format_datetime(timezone.now(), usegmt=True),
            "response": body,
        }
        # The version is the answer alone: recorded_at changes every time, the documents may not have.
        version = "sha256:" + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        yield Remote(
            name=f"regulations_dot_gov_v4_documents.{since.isoformat()}.{number:03d}.json",
            version=version,
            content=json.dumps(record, indent=1).encode(),
        )
        more = bool(body.get("meta", {}).get("hasNextPage"))
        number += 1


register(
    Fetcher(
        slug="regulations-dot-gov-dockets",
        upstream="api.regulations.gov /v4/documents (api.data.gov key)",
        ingest=("regulations-dot-gov-dockets",),
        changes=document_changes,
        needs_key="REGULATIONS_GOV_API_KEY",
    )
)
