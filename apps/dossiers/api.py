"""REST v1 dossiers: one record and everything around it, in bounded sections (parse -> call -> return)."""

from ninja import Router

from apps.dossiers import selectors
from apps.dossiers.schemas import BillDossier, CommitteeDossier, LegislatorDossier, PublicLawDossier

router = Router(tags=["dossiers"])


@router.get("/bills/{id}/dossier", response=BillDossier, summary="Everything about one bill")
def bill_dossier(request, id: str):
    return selectors.bill_dossier(id=id)


@router.get("/legislators/{id}/dossier", response=LegislatorDossier, summary="Everything about one member")
def legislator_dossier(request, id: str):
    return selectors.legislator_dossier(id=id)


@router.get("/committees/{id}/dossier", response=CommitteeDossier, summary="Everything about one committee")
def committee_dossier(request, id: str):
    return selectors.committee_dossier(id=id)


@router.get("/public-laws/{id}/dossier", response=PublicLawDossier, summary="A public law and its bill")
def public_law_dossier(request, id: str):
    return selectors.public_law_dossier(id=id)
