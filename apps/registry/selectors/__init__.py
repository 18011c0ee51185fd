"""Registry reads: legislators, committees and roll-call votes as pydantic schemas (never querysets)."""

from .committees import committee_get, committee_list, committee_members, membership_list
from .legislators import legislator_get, legislator_list, legislator_votes
from .votes import vote_get, vote_list

__all__ = [
    "committee_get",
    "committee_list",
    "committee_members",
    "legislator_get",
    "legislator_list",
    "legislator_votes",
    "membership_list",
    "vote_get",
    "vote_list",
]
