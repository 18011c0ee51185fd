"""The real registry sample (corpus/congress-legislators + corpus/votes), ingested once per test package.

The ingest runs inside an outer transaction that is rolled back when the package's tests are done; each
test's own ``django_db`` transaction nests inside it as a savepoint, so tests never see each other's writes
and other packages never see the sample.
"""

from tests.corpus import ingested

REGISTRY_SOURCES = (
    "legislators",
    "legislators-social-media",
    "committees",
    "committee-memberships",
    "roll-call-votes",
)


def ingested_registry_sample(django_db_blocker):
    return ingested(django_db_blocker, REGISTRY_SOURCES)
