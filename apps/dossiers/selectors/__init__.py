"""Dossier reads: one record and its related records in bounded sections (see apps.dossiers.schemas)."""

from apps.dossiers.selectors.bills import bill_dossier, public_law_dossier
from apps.dossiers.selectors.committees import committee_dossier
from apps.dossiers.selectors.legislators import legislator_dossier

__all__ = ["bill_dossier", "committee_dossier", "legislator_dossier", "public_law_dossier"]
