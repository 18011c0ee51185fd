"""Where a fetched file may land. Every local name comes from upstream (a listing's ``justFileName``, a
package, granule or vote folder id), so it is untrusted input: it must be one plain file name, and the
path it makes must stay inside the source's sync folder. Anything else is refused, never repaired: a name
cut down to its last part could overwrite another file of the same source."""

import re
from pathlib import Path

# What every upstream's real names are made of (BILLSTATUS-119hr1.xml, FR-2024-01-02.xml, xml_usc05.zip,
# CREC-2005-07-20-pt1-PgD123.htm, h123-119.2025.json); no separators, no leading dot, no control characters.
_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,199}")


def unsafe_reason(name: str) -> str:
    """Why ``name`` may not be a file name in a sync folder, or "" when it may."""
    if not isinstance(name, str) or not name:
        return "empty name"
    if "/" in name or "\\" in name:
        return "a path, not a file name"
    if not _SAFE.fullmatch(name) or name.endswith(".part"):
        return "not a plain file name (letters, digits, . _ @ + - only, at most 200)"
    return ""


def confined(folder: Path, name: str) -> Path:
    """``folder / name`` when ``name`` is a safe file name whose resolved path stays directly in ``folder``;
    ValueError saying why otherwise."""
    if reason := unsafe_reason(name):
        raise ValueError(reason)
    root = folder.resolve()
    target = (root / name).resolve()
    if target.parent != root:  # a symlink planted in the folder would point elsewhere
        raise ValueError("resolves outside the source's sync folder")
    return root / name
