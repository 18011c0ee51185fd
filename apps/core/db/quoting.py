"""SQL identifiers: the one quoting rule for every table and column name written into raw SQL.

Identifiers come only from code (plans, migrations, search specs), never from requests; ``quote_ident``
refuses anything but a plain name anyway, so a mistake fails loudly instead of reaching SQLite.
"""

import re

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def quote_ident(name: str) -> str:
    if not _IDENT.match(name):
        raise ValueError(f"unsafe SQL identifier: {name!r}")
    return f'"{name}"'
