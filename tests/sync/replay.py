"""A local stand-in for the upstream endpoints: it replays the bundled real corpus files at the URL shapes
the official services use, so ``manage.py sync`` runs end to end with no network.

* GovInfo bulk data: ``/bulkdata/json/BILLSTATUS/{congress}/{type}`` (listing, each file's last-modified
  time = its ``<updateDate>``), ``/bulkdata/BILLSTATUS/...``, ``/bulkdata/FR/{yyyy}/{mm}/FR-{date}.xml``,
  ``/bulkdata/ECFR/title-{n}/ECFR-title{n}.xml``;
* federalregister.gov ``/api/v1/documents.json`` (one result per document of the bundled issue, paged);
* raw congress-legislators YAML under ``/legislators/`` and the FR's executive-order index under
  ``/federalregister-api-core/data/``, with ETags (``If-None-Match`` answers 304);
* GovInfo ``/published/{date}?collection=BILLS|PLAW|CHRG|CREC``, ``/content/pkg/{id}/xml|uslm/{id}.xml``,
  ``/content/pkg/{id}/html/{id}.htm`` (a printed hearing), ``/packages/{id}/granules`` (paged) and
  ``/content/pkg/{id}/html/{granule}.htm``;
* eCFR versioner ``/api/versioner/v1/titles.json``; regulations.gov ``/v4/documents`` (needs a key);
* the GitHub API and raw files of Hear-Ye/congress-data under ``/votes-api`` and ``/votes-raw``:
  ``/contents/data/{congress}/votes`` (session-year folders), ``/git/trees/{sha}`` (a year's vote folders,
  each with a tree id derived from its file) and ``/data/{congress}/votes/{year}/{vote}/data.json``;
* the Senate LDA API ``/api/v1/filings/?filing_dt_posted_after=&ordering=dt_posted`` (the filings of the
  bundled API pages posted since that date, oldest first, paged through ``next`` URLs, at most 10 a page
  here where the real service allows 25; every ``Authorization`` header is kept in ``lda_auth``);
* docs.house.gov's House Committee Repository under ``/house``: ``/Committee/Committees.aspx`` (a select
  of the bundled meetings' committee codes), ``/Committee/RSS.ashx?Code=`` (an item per bundled meeting of
  that committee, published at its ``update-date``) and ``/Committee/Calendar/ByEvent.aspx?EventID=``: a
  GET gives a page whose ASP.NET form a POST must send back (``__VIEWSTATE`` and ``__EVENTTARGET`` =
  the "Download meeting XML" button) to get the bundled meeting XML;
* uscode.house.gov under ``/uscode``: ``/download/download.shtml`` linking each bundled title's zip at
  ``release_point``, and ``/download/releasepoints/us/pl/{congress}/{law}/xml_usc{nn}@{point}.zip`` (the
  title's XML zipped on the fly, as OLRC ships it).

The first request the server sees is answered 429 with ``Retry-After: 0``, to prove the client waits and
retries. Every request path is recorded in ``requests``.
"""

import hashlib
import io
import json
import re
import threading
import zipfile
from datetime import UTC, datetime
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from apps.core.ids import BILL_TYPES

_BILLSTATUS = re.compile(
    rf"^BILLSTATUS-(\d+)({'|'.join(sorted(BILL_TYPES, key=len, reverse=True))})(\d+)\.xml$"
)
_FRDOC = re.compile(r"FR Doc\.?\s*(\d{4}-\d+)")
LDA_PAGE_SIZE = 10
REGS_PAGES = (
    "regulations_dot_gov_v4_documents_updated_within.01.json",
    "regulations_dot_gov_v4_documents_updated_within.03.json",
)


def _sha(text: str) -> str:
    """A stand-in git object id: the same text always gets the same one."""
    return hashlib.sha1(text.encode()).hexdigest()


class Replay:
    def __init__(self, corpus: Path):
        self.corpus = corpus
        self.requests: list[str] = []
        self.throttle_next = True
        self.release_point = "118-22"
        self.lda_auth: list[str | None] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.base = f"http://127.0.0.1:{self._server.server_port}"
        # Polled every 0.05 s, not serve_forever's 0.5 s: shutdown() waits for the next poll, and every test's
        # replay server paid up to half a second of teardown.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()

    # ---- routes -----------------------------------------------------------------------------------

    def billstatus_files(self) -> dict[str, Path]:
        return {p.name: p for p in (self.corpus / "bill-status").rglob("BILLSTATUS-*.xml")}

    def route(self, path: str, query: dict[str, list[str]], headers) -> tuple[int, dict, bytes]:
        if m := re.fullmatch(r"/bulkdata/json/BILLSTATUS/(\d+)/([a-z]+)", path):
            return self._json(self._billstatus_listing(*m.groups()))
        if m := re.fullmatch(r"/bulkdata/BILLSTATUS/\d+/[a-z]+/(BILLSTATUS-[\w]+\.xml)", path):
            return self._file(self.billstatus_files().get(m.group(1)))
        if m := re.fullmatch(r"/bulkdata/FR/\d{4}/\d{2}/(FR-[\d-]+\.xml)", path):
            return self._file(self.corpus / "federal-register" / m.group(1))
        if path == "/api/v1/documents.json":
            return self._json(self._fr_documents(query))
        if m := re.fullmatch(r"/legislators/([\w-]+\.yaml)", path):
            return self._file(self.corpus / "congress-legislators" / m.group(1), headers=headers)
        if path == "/federalregister-api-core/data/executive_orders.csv":
            return self._file(self.corpus / "federal-register" / "executive_orders.csv", headers=headers)
        if path == "/api/versioner/v1/titles.json":
            titles = [
                {
                    "number": 1,
                    "name": "General Provisions",
                    "latest_amended_on": "2022-12-29",
                    "reserved": False,
                }
            ]
            return self._json({"titles": titles + [{"number": 35, "name": "[Reserved]", "reserved": True}]})
        if m := re.fullmatch(r"/bulkdata/ECFR/title-(\d+)/(ECFR-title\d+\.xml)", path):
            return self._file(self.corpus / "ecfr" / m.group(2))
        if m := re.fullmatch(r"/published/(\d{4}-\d{2}-\d{2})", path):
            return self._published(m.group(1), query, headers)
        if path.startswith(("/packages/CREC-", "/content/pkg/CREC-")):
            return self._crec(path, query, headers)
        if m := re.fullmatch(r"/content/pkg/([\w-]+)/(?:(?:xml|uslm)/[\w-]+\.xml|html/\1\.htm)", path):
            return self._file(self.packages().get(m.group(1)))
        json_apis = {"/v4/documents": self._regs_page, "/api/v1/filings/": self._lda_filings}
        if path in json_apis:
            return json_apis[path](query, headers)
        sites = {
            "/votes-": self._votes,
            "/uscode/": self._uscode,
            "/house/": lambda p: self._house(p, query, None),
        }
        for prefix, site in sites.items():
            if path.startswith(prefix):
                return site(path)
        return 404, {}, b"not found"

    def meetings(self) -> dict[str, tuple[Path, str, str]]:
        """Bundled House meeting XML by EventID: (file, committee code, update-date)."""
        found = {}
        for p in (self.corpus / "hearings").glob("*.xml"):
            text = p.read_text()
            if m := re.search(
                r'<committee-meeting [^>]*meeting-id="[A-Z]*(\d+)"[^>]*update-date="([^"]+)"', text
            ):
                found[m.group(1)] = (p, re.search(r'<committee-name id="(\w+)"', text).group(1), m.group(2))
        return found

    def _house(self, path: str, query, form: dict | None) -> tuple[int, dict, bytes]:
        html = {"Content-Type": "text/html; charset=utf-8"}
        meetings = self.meetings()
        if path == "/house/Committee/Committees.aspx" and form is None:
            options = "".join(
                f'<option value="{c}">{c}</option>' for c in sorted({m[1] for m in meetings.values()})
            )
            return 200, html, f"<html><body><select>{options}</select></body></html>".encode()
        if path == "/house/Committee/RSS.ashx" and form is None:
            code = query.get("Code", [""])[0]
            items = "".join(
                f"<item><title>Meeting&nbsp;{eid}</title>"
                f"<link>{self.base}/house/Committee/Calendar/ByEvent.aspx?EventID={eid}</link>"
                f"<pubDate>{format_datetime(datetime.fromisoformat(updated[:19]).replace(tzinfo=UTC))}</pubDate></item>"
                for eid, (_, committee, updated) in sorted(meetings.items())
                if committee == code
            )
            rss = f'<?xml version="1.0"?><rss version="2.0"><channel><title>{code}</title>{items}</channel></rss>'
            return 200, {"Content-Type": "application/rss+xml"}, rss.encode()
        event = meetings.get(query.get("EventID", [""])[0])
        if path != "/house/Committee/Calendar/ByEvent.aspx" or event is None:
            return 404, {}, b"not found"
        if form is None:
            page = (
                f'<html><body><form method="post" action="./ByEvent.aspx?EventID={query["EventID"][0]}" id="form1">'
                '<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="dDwtMTA4MTc2;" />'
                '<input type="hidden" name="__EVENTVALIDATION" value="ev1" />'
                "<a href=\"javascript:__doPostBack('ctl00$MainContent$LinkButtonDownloadMtgXML','')\">XML</a>"
                "</form></body></html>"
            )
            return 200, html, page.encode()
        target = form.get("__EVENTTARGET", [""])[0]
        if target != "ctl00$MainContent$LinkButtonDownloadMtgXML" or "__VIEWSTATE" not in form:
            return (
                200,
                html,
                b"<html><body>Meeting details</body></html>",
            )  # a postback that asked for nothing
        return 200, {"Content-Type": "text/xml"}, event[0].read_bytes()

    def _votes(self, path: str) -> tuple[int, dict, bytes]:
        years = {
            _sha(f"{c.name}/{y.name}"): y for c in (self.corpus / "votes").iterdir() for y in c.iterdir()
        }
        if m := re.fullmatch(r"/votes-api/contents/data/(\d+)/votes", path):
            folder = self.corpus / "votes" / m.group(1)
            if not folder.is_dir():
                return 404, {}, b'{"message": "Not Found"}'
            return self._json(
                [
                    {"name": y.name, "path": f"data/{m.group(1)}/votes/{y.name}", "type": "dir",
                     "sha": _sha(f"{m.group(1)}/{y.name}")}
                    for y in sorted(folder.iterdir())
                ]
            )  # fmt: skip
        if m := re.fullmatch(r"/votes-api/git/trees/(\w+)", path):
            year = years.get(m.group(1))
            if year is None:
                return 404, {}, b'{"message": "Not Found"}'
            tree = [
                {"path": f.stem, "type": "tree", "sha": _sha(f.read_text())}
                for f in sorted(year.glob("*.json"))
            ]
            return self._json({"sha": m.group(1), "tree": tree, "truncated": False})
        if m := re.fullmatch(r"/votes-raw/data/(\d+)/votes/(\d+)/(\w+)/data\.json", path):
            return self._file(self.corpus / "votes" / m.group(1) / m.group(2) / f"{m.group(3)}.json")
        return 404, {}, b"not found"

    def _uscode(self, path: str) -> tuple[int, dict, bytes]:
        congress, law = self.release_point.split("-", 1)
        titles = {p.stem.removeprefix("usc"): p for p in (self.corpus / "us-code").glob("usc*.xml")}
        if path == "/uscode/download/download.shtml":
            links = "".join(
                f'<div class="uscitemlist"><a href="releasepoints/us/pl/{congress}/{law}/'
                f'xml_usc{t}@{self.release_point}.zip" title="Title {t}">[XML]</a></div>'
                for t in sorted(titles)
            )
            html = f"<html><body><h3>Public Law {self.release_point}</h3>{links}</body></html>"
            return 200, {"Content-Type": "text/html"}, html.encode()
        pattern = (
            rf"/uscode/download/releasepoints/us/pl/{congress}/{law}/xml_usc(\w+)@{self.release_point}\.zip"
        )
        if (m := re.fullmatch(pattern, path)) and m.group(1) in titles:
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                archive.write(titles[m.group(1)], titles[m.group(1)].name)
            return 200, {"Content-Type": "application/zip"}, buffer.getvalue()
        return 404, {}, b"not found"

    def packages(self) -> dict[str, Path]:
        """GovInfo package id -> bundled file: bill texts and printed hearings named by their package, slip
        laws by theirs, a Congressional Record day by its folder."""
        bills = {p.stem: p for p in (self.corpus / "bill-text-uslm").glob("BILLS-*.xml")}
        laws = {
            f"PLAW-{p.name.removesuffix('-uslm.xml')}": p
            for p in (self.corpus / "public-laws-uslm").glob("*publ*-uslm.xml")
        }
        records = {p.name: p for p in (self.corpus / "congressional-record").glob("CREC-*") if p.is_dir()}
        hearings = {p.stem: p for p in (self.corpus / "hearing-transcripts").glob("CHRG-*.htm")}
        return {**bills, **laws, **records, **hearings}

    def _published(self, since: str, query, headers) -> tuple[int, dict, bytes]:
        if not (headers.get("X-Api-Key") or query.get("api_key")):
            return 403, {}, b'{"error": {"code": "API_KEY_MISSING"}}'
        if "collection" not in query:
            return 400, {}, b"collection is required"
        collection = query["collection"][0]
        size, offset = int(query.get("pageSize", ["100"])[0]), query.get("offsetMark", ["*"])[0]
        start = 0 if offset == "*" else int(offset)
        ids = sorted(pid for pid in self.packages() if pid.startswith(collection + "-"))
        chunk = ids[start : start + size]
        more = start + size < len(ids)
        next_page = (
            f"{self.base}/published/{since}?collection={collection}&pageSize={size}&offsetMark={start + size}"
        )
        packages = [
            {
                "packageId": pid,
                "lastModified": "2024-01-01T00:00:00Z",
                "packageLink": f"{self.base}/packages/{pid}/summary",
            }
            for pid in chunk
        ]
        return self._json({"count": len(ids), "packages": packages, "nextPage": next_page if more else None})

    def _crec(self, path: str, query, headers) -> tuple[int, dict, bytes]:
        if m := re.fullmatch(r"/packages/(CREC-[\d-]+)/granules", path):
            return self._granules(m.group(1), query, headers)
        if m := re.fullmatch(r"/content/pkg/(CREC-[\d-]+)/html/([\w-]+\.htm)", path):
            folder = self.packages().get(m.group(1))
            return self._file(folder / m.group(2) if folder else None)
        return 404, {}, b"not found"

    def _granules(self, pid: str, query, headers) -> tuple[int, dict, bytes]:
        """``/packages/{id}/granules``, paged by ``offsetMark`` like ``/published``; at most 50 a page here (the
        real service allows 1000), so the bundled day's 93 granules take two pages."""
        if not (headers.get("X-Api-Key") or query.get("api_key")):
            return 403, {}, b'{"error": {"code": "API_KEY_MISSING"}}'
        folder = self.packages().get(pid)
        if folder is None:
            return 404, {}, b"not found"
        size, offset = min(50, int(query.get("pageSize", ["100"])[0])), query.get("offsetMark", ["*"])[0]
        start = 0 if offset == "*" else int(offset)
        ids = sorted(p.stem for p in folder.glob("*.htm"))
        more = start + size < len(ids)
        granules = [
            {
                "granuleId": gid,
                "title": gid,
                "granuleLink": f"{self.base}/packages/{pid}/granules/{gid}/summary",
            }
            for gid in ids[start : start + size]
        ]
        next_page = f"{self.base}/packages/{pid}/granules?pageSize={size}&offsetMark={start + size}"
        return self._json({"count": len(ids), "granules": granules, "nextPage": next_page if more else None})

    def _billstatus_listing(self, congress: str, kind: str) -> dict:
        files = []
        for name, p in sorted(self.billstatus_files().items()):
            m = _BILLSTATUS.match(name)
            if m and m.group(1) == congress and m.group(2) == kind:
                updated = re.search(r"<updateDate>([^<]+)</updateDate>", p.read_text()).group(1)
                link = f"{self.base}/bulkdata/BILLSTATUS/{congress}/{kind}/{name}"
                files.append(
                    {"justFileName": name, "name": name, "link": link, "folder": False, "fileExtension": "xml",
                     "formattedLastModifiedTime": updated, "size": p.stat().st_size}
                )  # fmt: skip
        return {"files": files}

    def _fr_documents(self, query) -> dict:
        gte = query.get("conditions[publication_date][gte]", [""])[0]
        per_page, page = int(query.get("per_page", ["20"])[0]), int(query.get("page", ["1"])[0])
        results = []
        for issue in sorted((self.corpus / "federal-register").glob("FR-*.xml")):
            day = issue.stem[3:]
            if day >= gte:
                results += [
                    {"document_number": n, "publication_date": day} for n in _FRDOC.findall(issue.read_text())
                ]
        chunk = results[(page - 1) * per_page : page * per_page]
        more = page * per_page < len(results)
        next_url = f"{self.base}/api/v1/documents.json?conditions[publication_date][gte]={gte}&per_page={per_page}&page={page + 1}"
        return {"count": len(results), "results": chunk, "next_page_url": next_url if more else None}

    def _regs_page(self, query, headers) -> tuple[int, dict, bytes]:
        if not (headers.get("X-Api-Key") or query.get("api_key", [""])[0]):
            return 403, {}, b'{"error": {"code": "API_KEY_MISSING"}}'
        number = int(query.get("page[number]", ["1"])[0])
        body = json.loads((self.corpus / "regulations-gov" / REGS_PAGES[number - 1]).read_text())["response"]
        body["meta"]["hasNextPage"] = number < len(REGS_PAGES)
        return self._json(body)

    def _lda_filings(self, query, headers) -> tuple[int, dict, bytes]:
        self.lda_auth.append(headers.get("Authorization"))
        after = query.get("filing_dt_posted_after", [""])[0]
        if not after or query.get("ordering") != ["dt_posted"]:
            return 400, {}, b'{"detail": "this replay serves filing_dt_posted_after=...&ordering=dt_posted"}'
        filings = [
            filing
            for page in sorted((self.corpus / "lobbying-lda" / "api").glob("*.json"))
            for filing in json.loads(page.read_text())["results"]
            if filing["dt_posted"][:10] >= after
        ]
        filings.sort(key=lambda f: f["dt_posted"])
        size, number = (
            min(LDA_PAGE_SIZE, int(query.get("page_size", ["25"])[0])),
            int(query.get("page", ["1"])[0]),
        )
        link = (
            f"{self.base}/api/v1/filings/?filing_dt_posted_after={after}&ordering=dt_posted&page_size={size}"
        )
        more = number * size < len(filings)
        return self._json(
            {
                "count": len(filings),
                "next": f"{link}&page={number + 1}" if more else None,
                "previous": f"{link}&page={number - 1}" if number > 1 else None,
                "results": filings[(number - 1) * size : number * size],
            }
        )

    # ---- plumbing ----------------------------------------------------------------------------------

    @staticmethod
    def _json(data) -> tuple[int, dict, bytes]:
        return 200, {"Content-Type": "application/json"}, json.dumps(data).encode()

    @staticmethod
    def _file(path: Path | None, headers=None) -> tuple[int, dict, bytes]:
        if path is None or not path.is_file():
            return 404, {}, b"not found"
        content = path.read_bytes()
        etag = '"' + hashlib.sha256(content).hexdigest()[:16] + '"'
        if headers is not None and headers.get("If-None-Match") == etag:
            return 304, {"ETag": etag}, b""
        return 200, {"ETag": etag}, content

    def _handler(self):
        replay = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                url = urlsplit(self.path)
                replay.requests.append(url.path)
                if replay.throttle_next:
                    replay.throttle_next = False
                    status, headers, body = 429, {"Retry-After": "0"}, b"slow down"
                else:
                    status, headers, body = replay.route(url.path, parse_qs(url.query), self.headers)
                self.send_response(status)
                for name, value in {**headers, "Content-Length": str(len(body))}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                url = urlsplit(self.path)
                replay.requests.append(url.path)
                form = parse_qs(self.rfile.read(int(self.headers.get("Content-Length", 0))).decode())
                status, headers, body = replay._house(url.path, parse_qs(url.query), form)
                self.send_response(status)
                for name, value in {**headers, "Content-Length": str(len(body))}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        return Handler
