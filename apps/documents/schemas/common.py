from datetime import date

from pydantic import BaseModel, Field

from apps.core.vocabulary import PageParams


class DatedListParams(PageParams):
    since: date | None = Field(default=None, description="Published on or after this date (YYYY-MM-DD).")
    until: date | None = Field(default=None, description="Published on or before this date (YYYY-MM-DD).")


class BillMentionOut(BaseModel):
    bill_id: str = Field(description="Canonical bill id (GET /v1/bills/{bill_id}), e.g. hr:119:1512.")
    mention: str = Field(description='The bill as cited in the text, e.g. "H.R. 1512".')
