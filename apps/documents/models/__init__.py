"""Body-bearing documents: CRS and GAO reports, the Federal Register, the CFR, the U.S. Code, the
Congressional Record and hearing transcripts.

Text columns indexed by FTS5 are named exactly as their FTS columns (``title``, ``body``, ...):
external-content FTS reads the content table by column name. Cross-links are canonical strings
(``hr:119:103``, ``FAA-2024-0224``, title + part) so joins need no foreign key into another app.
"""

from apps.documents.models.cfr import CfrSection
from apps.documents.models.crec import CrecGranule, CrecSpeakerTurn
from apps.documents.models.fr import ExecutiveOrder, FrCfrReference, FrDocket, FrDocument
from apps.documents.models.hearings import HearingTranscript
from apps.documents.models.links import BillMention
from apps.documents.models.reports import CrsCatalogEntry, CrsReport, GaoReport
from apps.documents.models.usc import UscSection

__all__ = [
    "BillMention",
    "CfrSection",
    "CrecGranule",
    "CrecSpeakerTurn",
    "CrsCatalogEntry",
    "CrsReport",
    "ExecutiveOrder",
    "FrCfrReference",
    "FrDocket",
    "FrDocument",
    "GaoReport",
    "HearingTranscript",
    "UscSection",
]
