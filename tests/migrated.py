"""A migrated Josh data folder for tests that run ``manage.py`` or a server in a child process.

``manage.py migrate`` from nothing costs a child process several seconds of CPU; four hardening tests each
paid it. The folder it leaves is a pure function of the migrations, the code a migrate runs (post_migrate
handlers included) and the settings module, so the first run keeps a copy in the test cache and later runs
copy it back (``tests.sample_snapshot.loaded_data_dir``, whose key covers those inputs).
"""

import subprocess
import sys
from pathlib import Path

from django.conf import settings

from tests import sample_snapshot

ROOT = Path(settings.BASE_DIR)


def migrated(config, data_dir: Path, env: dict[str, str]) -> bool:
    """Fill ``data_dir`` with what ``manage.py migrate`` under ``env`` leaves there, or with the cached copy;
    return whether it was a copy. ``env`` names the settings module and ``JOSH_DATA_DIR``: only the settings
    module is part of the key (the other variables these tests set change no table a migrate writes)."""
    assert env.get("JOSH_DATA_DIR") == str(data_dir), "env must point JOSH_DATA_DIR at data_dir"

    def migrate() -> None:
        done = subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-3000:]

    return sample_snapshot.loaded_data_dir(
        data_dir,
        migrate,
        slugs=[],
        script=f"manage.py migrate under {env.get('DJANGO_SETTINGS_MODULE')}\n" + Path(__file__).read_text(),
        folder=sample_snapshot.cache_folder(config, "josh-migrated-dirs"),
    )


def ingested(config, data_dir: Path, env: dict[str, str], slug: str) -> bool:
    """``migrated`` plus ``manage.py ingest <slug>`` of its bundled sample, or the cached copy of both; return
    whether it was a copy. For a test whose subject is what happens *to* those rows (a backup, a second writer),
    not the ingest that made them."""

    def load() -> None:
        migrated(config, data_dir, env)
        done = subprocess.run(
            [sys.executable, "manage.py", "ingest", slug, "--no-progress"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]

    return sample_snapshot.loaded_data_dir(
        data_dir,
        load,
        slugs=[slug],
        script=f"manage.py ingest {slug} under {env.get('DJANGO_SETTINGS_MODULE')}\n"
        + Path(__file__).read_text(),
        folder=sample_snapshot.cache_folder(config, "josh-ingested-dirs"),
    )
