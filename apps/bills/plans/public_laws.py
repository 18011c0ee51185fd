"""public-laws: slip laws in USLM (``pl:113:44``; Statutes at Large citation ``127 Stat. 555``; the
originating bill, ``hjres:113:91``; the enactment date) and statute compilations (``comps:339``, an Act
as amended). Laws BILLSTATUS names (``pl:119:7``) exist before their text arrives; this plan fills them in.
"""

from apps.bills.parsing.laws import parse_public_law
from apps.bills.search import PUBLIC_LAWS_SEARCH
from apps.bills.services.laws import public_law_load
from apps.core.plans import SourcePlan, register

PLAN = register(
    SourcePlan(
        slug="public-laws",
        title="Public laws and statute compilations (USLM)",
        publisher="U.S. Government Publishing Office (PLAW and COMPS collections)",
        description="Enacted laws with their Statutes at Large citation, originating bill and full text.",
        model="bills.PublicLaw",
        resource="public-laws",
        parse=parse_public_law,
        load=public_law_load,
        sample_paths=("public-laws-uslm", "statute-compilations-uslm"),
        file_glob="*.xml",
        depends_on=("bills",),
        citation_template="Pub. L. {congress}-{number}, {volume} Stat. {page} ({year})",
        id_example="pl:113:44",
        search=PUBLIC_LAWS_SEARCH,
    )
)
