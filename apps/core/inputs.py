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

Files are untrusted input (docs/DEPLOY.md, "Sync and ingest limits"): a symlink inside a given folder is
not followed (it could expose any file on the host to search); ``check_input`` refuses a file or zip member
past the source's size cap before a byte of it is parsed, refuses a member compressed past
``INGEST_MAX_ZIP_RATIO`` (a zip bomb), and reads a member through once (streamed, CRC checked) so a corrupt
one is named and set aside, not met half-way through a parse; an archive that cannot be opened at all is
the run's error, named, while the rest loads.
"""

import fnmatch
import os
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from apps.core.errors import SourceFormatError

Input = Path | zipfile.Path


def as_input(path) -> Input:
    """``path`` as something with ``read_bytes``/``open``: a zip member stays one, anything else is a Path."""
    return path if isinstance(path, zipfile.Path) else Path(path)


def xml_parser(*, huge_tree: bool = False, remove_comments: bool = False) -> etree.XMLParser:
    """The one parser for untrusted XML (ingested files, upstream feeds): no entity expansion (billion laughs,
    external entities) and no network. ``huge_tree`` lifts libxml2's depth and text-node limits for
    publishers' very large files (BILLSTATUS, bill text); a new parser each call, as lxml's are not
    thread-safe."""
    return etree.XMLParser(
        resolve_entities=False, no_network=True, huge_tree=huge_tree, remove_comments=remove_comments
    )


def load_xml(path: Input, *, huge_tree: bool = False, remove_comments: bool = False) -> etree._Element:
    """The root of an ingested XML file, read with ``xml_parser``; a truncated, malformed or unreadable file
    raises SourceFormatError naming it (and libxml2's line)."""
    try:
        return parse_xml(path, xml_parser(huge_tree=huge_tree, remove_comments=remove_comments))
    except etree.XMLSyntaxError as exc:
        raise SourceFormatError(path, f"malformed XML: {exc.msg}") from None
    except OSError as exc:
        raise SourceFormatError(path, f"cannot read file: {exc}") from None


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
    symlinks: list[str] = field(default_factory=list)  # inside a given folder: not followed
    unreadable: list[dict] = field(default_factory=list)  # {file, record, message}: archives that won't open


class CorruptMember(SourceFormatError):
    """A zip member that cannot be read whole (bad CRC, damaged compressed data): set aside like a bad
    record, named by archive and member, while the archive's other members load."""

    def __init__(self, member: zipfile.Path, message: str):
        self.archive = str(member.root.filename)
        self.member = member.at
        super().__init__(self.archive, message, record=self.member)


MEMBER_RATIO_FLOOR = 2**20  # a member smaller than this decoded is never called a bomb, whatever its ratio


def is_zip(path: Path) -> bool:
    return path.suffix.lower() == ".zip"


def _zip_members(archive: Path, globs: tuple[str, ...], found: Discovered) -> None:
    if not zipfile.is_zipfile(archive):  # a damaged download: the plan's parser reports it, named
        found.files.append(archive)
        return
    try:
        root = zipfile.Path(zipfile.ZipFile(archive))  # one open archive shared by all its members
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        found.unreadable.append(
            {"file": str(archive), "record": "", "message": f"not a readable zip archive: {exc}"}
        )
        return
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
            for path in _walk(given, found):
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


def _walk(folder: Path, found: Discovered) -> list[Path]:
    """The regular files under ``folder`` in name order; symlinks (to files or folders) are listed in
    ``found.symlinks`` and not followed."""
    files = []
    for top, dirs, names in os.walk(folder, followlinks=False):
        for name in [*dirs, *names]:
            path = Path(top) / name
            if path.is_symlink():
                found.symlinks.append(str(path))
            elif name in names and path.is_file():
                files.append(path)
    return sorted(files)


def check_input(path: Input, *, max_bytes: int, max_ratio: float, setting: str) -> None:
    """Refuse (SourceFormatError) a file or zip member over ``max_bytes``, or a member compressed past
    ``max_ratio``, before it is read; read a member through once so a corrupt one raises CorruptMember."""
    too_big = "{:,} bytes, over this source's cap of {:,} for one file ({}); the file was not read"
    if not isinstance(path, zipfile.Path):
        size = Path(path).stat().st_size
        if size > max_bytes:
            raise SourceFormatError(path, too_big.format(size, max_bytes, setting))
        return
    info = path.root.getinfo(path.at)
    if info.file_size > max_bytes:
        raise CorruptMember(path, too_big.format(info.file_size, max_bytes, setting) + " (size as declared)")
    ratio = info.file_size / max(info.compress_size, 1)
    if info.file_size > MEMBER_RATIO_FLOOR and ratio > max_ratio:
        raise CorruptMember(
            path,
            f"compressed {ratio:,.0f}:1 ({info.compress_size:,} bytes standing for {info.file_size:,}), past "
            f"the {max_ratio:g}:1 limit (JOSH_INGEST_MAX_ZIP_RATIO): refused unread as a zip bomb",
        )
    try:
        with path.open("rb") as fh:  # zipfile stops at the declared size and checks the CRC at the end
            while fh.read(2**20):
                pass
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, ValueError) as exc:
        raise CorruptMember(path, f"corrupt zip member ({type(exc).__name__}: {exc}); not loaded") from None
