import pytest
from django.conf import settings as django_settings

from tests.sync.replay import Replay


@pytest.fixture
def replay(settings, tmp_path):
    """The replay server, with every upstream URL of ``settings.SYNC`` pointed at it and downloads under a
    temporary data dir. No pause between requests: politeness is proved by the 429 the server sends first."""
    with Replay(django_settings.CORPUS_DIR) as server:
        settings.DATA_DIR = tmp_path
        settings.SYNC = {
            **settings.SYNC,
            "GOVINFO_BULK_URL": f"{server.base}/bulkdata",
            "GOVINFO_API_URL": server.base,
            "GOVINFO_CONTENT_URL": f"{server.base}/content",
            "FEDERAL_REGISTER_URL": server.base,
            "LEGISLATORS_URL": f"{server.base}/legislators",
            "ECFR_URL": server.base,
            "EXECUTIVE_ORDERS_URL": f"{server.base}/federalregister-api-core",
            "REGULATIONS_GOV_URL": server.base,
            "REGULATIONS_GOV_API_KEY": "test-key",
            "VOTES_API_URL": f"{server.base}/votes-api",
            "VOTES_RAW_URL": f"{server.base}/votes-raw",
            "USCODE_URL": f"{server.base}/uscode",
            "LDA_API_URL": f"{server.base}/api/v1",
            "HOUSE_DOCS_URL": f"{server.base}/house",
            "HOUSE_COMMITTEES": [],
            "LDA_API_KEY": "",
            "LDA_ANONYMOUS_PER_MINUTE": 60_000.0,
            "CONGRESSES": [114, 117, 119],
            "MIN_INTERVAL_S": 0.0,
        }
        yield server
