"""Crafted hostile files for the ingest attacks (bench/attack_upstream.py and
tests/untrusted_files/test_hostile_files.py): each builder writes one file and returns its path. Sizes are
parameters, so a test can use a small bomb and the bench the size the review used."""

import io
import struct
import zipfile
import zlib
from pathlib import Path

CHUNK = b" " * 2**20


def zip_bomb(path: Path, *, member: str, decoded_mib: int, beside: dict[str, bytes] | None = None) -> Path:
    """A zip whose ``member`` decodes to ``decoded_mib`` MiB of spaces (about 1,000:1), with ``beside``'s
    members (name -> bytes) stored next to it."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in (beside or {}).items():
            archive.writestr(name, data)
        with archive.open(member, "w", force_zip64=True) as fh:
            fh.write(b'<?xml version="1.0"?><billStatus><bill>')
            for _ in range(decoded_mib):
                fh.write(CHUNK)
            fh.write(b"</bill></billStatus>")
    return path


def sparse_file(path: Path, *, gib: float) -> Path:
    """A file that says it is ``gib`` GiB long and holds almost nothing on disk."""
    with path.open("wb") as fh:
        fh.write(b'<?xml version="1.0"?>')
        fh.truncate(int(gib * 2**30))
    return path


def deep_yaml(path: Path, *, levels: int) -> Path:
    """A YAML list nested ``levels`` deep (``[[[[...]]]]``): libyaml's composer recursed once per level."""
    path.write_text("[" * levels + "]" * levels + "\n")
    return path


def alias_yaml(path: Path, *, legislators: int = 100, terms: int = 1000) -> Path:
    """legislators-current.yaml-shaped: ``legislators`` members sharing one aliased list of ``terms`` terms,
    so a few KB stand for ``legislators * terms`` term rows."""
    term = "{type: rep, start: '2001-01-03', end: '2003-01-03', state: WA, district: 1, party: Democrat}"
    lines = [
        f"- id: {{bioguide: X{0:06d}}}",
        "  name: {first: A, last: B}",
        "  bio: {birthday: '1950-01-01'}",
    ]
    lines.append(f"  terms: &terms [&t {term}, " + ", ".join(["*t"] * (terms - 1)) + "]")
    for i in range(1, legislators):
        lines += [f"- id: {{bioguide: X{i:06d}}}", "  name: {first: A, last: B}", "  terms: *terms"]
    path.write_text("\n".join(lines) + "\n")
    return path


def corrupt_member(path: Path, *, good: dict[str, bytes], bad: tuple[str, bytes]) -> Path:
    """A zip with ``good`` members and one (``bad``) whose compressed bytes are damaged (its CRC fails)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in good.items():
            archive.writestr(name, data)
        archive.writestr(bad[0], bad[1])
    raw = bytearray(buffer.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(raw))) as archive:
        info = archive.getinfo(bad[0])
    name_len, extra_len = struct.unpack("<HH", raw[info.header_offset + 26 : info.header_offset + 30])
    start = info.header_offset + 30 + name_len + extra_len
    for i in range(start + info.compress_size // 3, start + info.compress_size // 3 + 16):
        raw[i] ^= 0x5A
    path.write_bytes(bytes(raw))
    return path


def corrupt_archive(path: Path, *, members: dict[str, bytes]) -> Path:
    """A zip that looks like one (its end record is intact) but whose central directory is damaged."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    raw = bytearray(buffer.getvalue())
    central = raw.rfind(b"PK\x01\x02")
    raw[central : central + 4] = b"XX\x01\x02"
    path.write_bytes(bytes(raw))
    return path


def gzip_bomb(decoded_mib: int) -> bytes:
    """A gzip body that decodes to ``decoded_mib`` MiB of spaces, built without compressing them all: after a
    full flush deflate starts afresh, so every further MiB is the same block, repeated; the trailer's CRC and
    size are computed for the whole."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, 31)
    first = deflate.compress(CHUNK) + deflate.flush(zlib.Z_FULL_FLUSH)
    block = deflate.compress(CHUNK) + deflate.flush(zlib.Z_FULL_FLUSH)
    end = deflate.flush(zlib.Z_FINISH)[:-8]
    crc = 0
    for _ in range(decoded_mib):
        crc = zlib.crc32(CHUNK, crc)
    trailer = struct.pack("<II", crc, (decoded_mib * 2**20) & 0xFFFFFFFF)
    return first + block * (decoded_mib - 1) + end + trailer
