"""Upstream-format files for the full-size rehearsal, made from the real samples in corpus/ (bench/scale.py).

Each generated file keeps a real file's structure and re-mixes real text of the same source:

* ``crs-reports``: CRS product pages (Markdown, corpus/crs/*/*.md). A real page is the template (header
  block, the page chrome, headings, tables and lists stay as they are); every prose paragraph is replaced by
  as many sentences drawn at random from the prose of *all* bundled CRS pages; the title becomes the first
  words of another drawn sentence; the publication date is redrawn over 1995-2026 (the bundled pages are
  nearly all of 2026, and date and congress filters need a spread); the product number is renumbered into ``Z??nnnnn`` (no real CRS prefix
  starts with Z) wherever the page names it.
* ``federal-register``: daily-issue XML (corpus/federal-register/FR-2024-02-12.xml). Each copy renumbers
  every FR document number to ``YYYY-9<copy, 5 digits><real number>`` (real numbers have five digits, these
  eleven) and re-mixes the sentences of every plain ``<P>`` and ``<SUBJECT>`` from the issue's own prose.

Sentences are drawn with ``random.Random(seed)``, so a seed and a size give the same bytes every time. Sizing
is by target chunk count: each file's chunks are estimated by running the real chunker
(``apps.search.chunking.chunk_body``) over its re-mixed text with the markup stripped, plus one header chunk
per document, and files are written until the estimate reaches the target; the rehearsal reports the count
the embed stage actually made.
"""

import random
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from apps.search.chunking import chunk_body

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SOURCES = ("crs-reports", "federal-register")
SHARE = {"crs-reports": 0.6, "federal-register": 0.4}  # of the target chunks, per source

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _whole(sentence: str) -> bool:
    """A sentence that re-splits as itself wherever it is put: capital first, a full stop last."""
    return sentence[:1].isupper() and sentence[-1] in ".!?"


def sentence_key(sentence: str) -> str:
    """What a sentence is recognised by after parsing: link targets dropped, case, markup and spacing ignored."""
    return _NOT_WORD.sub(" ", _MD_LINK.sub(r"\1", sentence).lower()).strip()


_TAG = re.compile(r"<[^>]+>")


def _estimate_chunks(body: str) -> int:
    """The header chunk plus the chunker's windows over ``body`` (markup stripped)."""
    return 1 + len(chunk_body(_MD_LINK.sub(r"\1", _TAG.sub(" ", body))))


@dataclass
class Written:
    source: str
    files: int = 0
    documents: int = 0
    bytes: int = 0
    estimated_chunks: int = 0
    first_id: str = ""
    last_id: str = ""
    paths: list[Path] = field(default_factory=list, repr=False)


# ---- CRS products (Markdown) -----------------------------------------------------------------------------

_PROSE_SKIP = ("#", "|", "-", "*", "[", "!", ">", "<")


def _is_prose(line: str) -> bool:
    s = line.strip()
    # the closing disclaimer stays as it is: the parser cuts the body where it starts
    return (
        len(s) >= 60
        and not s.startswith(_PROSE_SKIP)
        and not s.startswith("Disclaimer")
        and not re.match(r"^\d+\.\s", s)
    )


def _crs_templates() -> list[tuple[str, str, str, list[int]]]:
    """(text, product number, title, indexes of prose lines) per bundled CRS page."""
    out = []
    for path in sorted((CORPUS / "crs").glob("*/*.md")):
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        number = re.search(r"^\*\*Report No\.:\*\*\s*(\S+)", text, re.M)
        title = text.split("\n", 1)[0][2:].strip() if text.startswith("# ") else ""
        listen = text.find("\n[Listen](")
        if not number or not title or listen < 0:
            continue
        lines = text.split("\n")
        start = text[:listen].count("\n") + 1
        prose = [i for i in range(start, len(lines)) if _is_prose(lines[i])]
        out.append((text, number.group(1), title, prose))
    return out


_PUBLISHED = re.compile(r"^(\|? ?\*\*Publication Date:\*\*\s*\|?\s*)\d{2}/\d{2}/\d{4}", re.M)


def crs_number(i: int) -> str:
    """The i-th reserved product number: Z + two letters + five digits (the parser's [A-Z]{1,3}\\d{4,5})."""
    block, n = divmod(i, 100_000)
    return f"Z{chr(65 + block // 26)}{chr(65 + block % 26)}{n:05d}"


def _title(rng: random.Random, pool: list[str]) -> str:
    words = re.sub(r"[^\w\s,'-]", "", rng.choice(pool)).split()[: rng.randint(5, 11)]
    return " ".join(words).strip(" ,") or "Untitled"


def write_crs(out: Path, target_chunks: int, seed: int, start: int = 0) -> Written:
    templates = _crs_templates()
    lines_of = [t[0].split("\n") for t in templates]
    pool = [
        s
        for (_, _, _, prose), lines in zip(templates, lines_of, strict=True)
        for i in prose
        for s in sentences(lines[i])
        if _whole(s)
    ]
    rng = random.Random(f"{seed}:crs")
    written = Written("crs-reports")
    out.mkdir(parents=True, exist_ok=True)
    i = start
    while written.estimated_chunks < target_chunks:
        k = rng.randrange(len(templates))
        text, number, title, prose = templates[k]
        lines = list(lines_of[k])
        for j in prose:
            lines[j] = " ".join(rng.choice(pool) for _ in sentences(lines[j]))
        new_number, new_title = crs_number(i), _title(rng, pool)
        body = "\n".join(lines).replace(title, new_title)
        body = re.sub(rf"(?<![A-Za-z0-9]){re.escape(number)}(?![0-9])", new_number, body)
        # a date redrawn over 1995-2026: the bundled pages are nearly all of 2026, and filters need a spread
        when = date(1995, 1, 1) + timedelta(days=rng.randrange((date(2026, 4, 30) - date(1995, 1, 1)).days))
        body = _PUBLISHED.sub(lambda m, w=when: m.group(1) + w.strftime("%m/%d/%Y"), body)
        path = out / f"{new_number}v1-{re.sub(r'[^a-z0-9]+', '-', new_title.lower())[:40]}.md"
        path.write_text(body, encoding="utf-8")
        written.files += 1
        written.documents += 1
        written.bytes += len(body.encode())
        listen = body.find("\n[Listen](")
        written.estimated_chunks += _estimate_chunks(body[listen:])
        written.first_id = written.first_id or f"crs:{new_number}"
        written.last_id = f"crs:{new_number}"
        written.paths.append(path)
        i += 1
    return written


# ---- Federal Register daily issues (XML) -----------------------------------------------------------------

_FR_ISSUE = CORPUS / "federal-register" / "FR-2024-02-12.xml"
_FRDOC = re.compile(r"(FR Doc\.?\s*|<FRDOCBP>)(\d{4})-(\d+)")
_PLAIN = re.compile(r"<(P|SUBJECT)>([^<]{40,})</\1>")


_FR_DOCUMENT = re.compile(r"<(RULE|PRORULE|NOTICE|PRESDOCU)>.*?</\1>", re.S)


def _fr_template() -> tuple[str, list[str], int]:
    text = _FR_ISSUE.read_text(encoding="utf-8")
    pool = [s for m in _PLAIN.finditer(text) if m.group(1) == "P" for s in sentences(m.group(2)) if _whole(s)]
    documents = len(re.findall(r"<FRDOC>", text))
    return text, pool, documents


def _issue_chunks(issue: str) -> int:
    return sum(_estimate_chunks(m.group(0)) for m in _FR_DOCUMENT.finditer(issue))


def write_register(out: Path, target_chunks: int, seed: int, start: int = 0) -> Written:
    text, pool, documents = _fr_template()
    rng = random.Random(f"{seed}:fr")
    written = Written("federal-register")
    out.mkdir(parents=True, exist_ok=True)
    copy = start
    while written.estimated_chunks < target_chunks:

        def remix(m: re.Match) -> str:
            if m.group(1) == "SUBJECT":
                return f"<SUBJECT>{_title(rng, pool)}</SUBJECT>"
            return "<P>" + " ".join(rng.choice(pool) for _ in sentences(m.group(2))) + "</P>"

        issue = _PLAIN.sub(remix, text)
        issue = _FRDOC.sub(lambda m, c=copy: f"{m.group(1)}{m.group(2)}-9{c:05d}{m.group(3)}", issue)
        path = out / f"FR-2024-02-12-zq{copy:05d}.xml"
        path.write_text(issue, encoding="utf-8")
        written.files += 1
        written.documents += documents
        written.bytes += len(issue.encode())
        written.estimated_chunks += _issue_chunks(issue)
        written.first_id = written.first_id or f"fr:2024-9{copy:05d}…"
        written.last_id = f"fr:2024-9{copy:05d}…"
        written.paths.append(path)
        copy += 1
    return written


WRITERS = {"crs-reports": write_crs, "federal-register": write_register}


def generate(out: Path, target_chunks: int, seed: int = 28, sources=SOURCES) -> list[Written]:
    """Files for ``sources`` under ``out/<source>/``, about ``target_chunks`` chunks in all."""
    share = sum(SHARE[s] for s in sources)
    return [WRITERS[s](out / s, round(target_chunks * SHARE[s] / share), seed) for s in sources]
