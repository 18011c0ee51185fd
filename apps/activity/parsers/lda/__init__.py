"""LD-1 / LD-2 JSON (influence-usa/lobbying_federal_domestic, parsed SOPR forms) -> LdaFilingRecord.

Two spellings of the same form occur in the sample and are both accepted: an LD-2's period is in
``report`` (keys prefixed ``report_``) or ``report_type`` (unprefixed); a lobbyist's former position is
``lobbyist_covered_position`` or ``lobbyist_covered_official_position``.
"""

from apps.activity.parsers.lda.parse import FILING_URL, parse_lda_filing
from apps.activity.parsers.lda.records import LdaFilingRecord

__all__ = ["FILING_URL", "LdaFilingRecord", "parse_lda_filing"]
