"""Where a plan's files come from: a file as given, a folder walked recursively, or the members of a zip
archive read in place — the layouts publishers ship (GovInfo bulk ZIPs such as ``BILLSTATUS-119-hr.zip``, the
US Code release-point zip, unitedstates/congress ``data/119/bills/hr/hr1/fdsys_billstatus.xml`` folders).

A zip member is a ``zipfile.Path``: like ``pathlib.Path`` it has ``name``, ``stem``, ``suffix``, ``parent``,
``exists()``, ``read_bytes()``, ``read_text()`` and ``open()``, and ``str()`` names it ``archive.zip/member``.
So parsers read a file through its own methods (``as_input(path).read_bytes()``, ``parse_xml``), never by
handing ``str(path)`` to a library that opens files itself; nothing is ever unpacked to disk.

A plan names its own files by glob (``SourcePlan.file_glob``, matched case-insensitively against the file
name). Inside a folder or a zip, what does not match is not the source's: it is counted as skipped, never an
error. A file named explicitly is always read.
"""

import fnmatch
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

Input = Path | zipfile.Path


def as_input(path) -> Input:
    """``path`` as something with ``read_bytes``/``open``: a zip member stays one, anything else is a Path."""
    return path if isinstance(path, zipfile.Path) else Path(path)


def parse_xml(path: Input, parser: etree.XMLParser) -> etree._Element:
    """The root element of an XML file or zip member (lxml reads a real file itself, by name)."""
    if isinstance(path, zipfile.Path):
        with path.open("rb") as fh:
            return etree.parse(fh, parser).getroot()
    return etree.parse(str(path), parser).getroot()


def owns(globs: tuple[str, ...], name: str) -> bool:
    name = name.lower()
    return any(fnmatch.fnmatchcase(name, glob.lower()) for glob in globs)


@dataclass
class Discovered:
    files: list[Input] = field(default_factory=list)
    skipped: int = 0  # files inside a given folder or zip that are not the plan's


def is_zip(path: Path) -> bool:
    return path.suffix.lower() == ".zip"


def _zip_members(archive: Path, globs: tuple[str, ...], found: Discovered) -> None:
    if not zipfile.is_zipfile(archive):  # a damaged download: the plan's parser reports it, named
        found.files.append(archive)
        return
    root = zipfile.Path(zipfile.ZipFile(archive))  # one open archive shared by all its members
    for info in sorted(root.root.infolist(), key=lambda i: i.filename):
        if info.is_dir():
            continue
        if owns(globs, info.filename.rsplit("/", 1)[-1]):
            found.files.append(root / info.filename)
        else:
            found.skipped += 1


def discover(globs: tuple[str, ...], paths: Iterable) -> Discovered:
    """The files to read from ``paths``: a zip's own members, a folder's files (and its zips' members) at any
    depth, in name order; a named file as given."""
    found = Discovered()
    for given in paths:
        given = Path(given)
        if given.is_dir():
            for path in sorted(p for p in given.rglob("*") if p.is_file()):
                if is_zip(path):
                    _zip_members(path, globs, found)
                elif owns(globs, path.name):
                    found.files.append(path)
                else:
                    found.skipped += 1
        elif is_zip(given):
            _zip_members(given, globs, found)
        else:
            found.files.append(given)
    return found
