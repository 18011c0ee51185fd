"""Security headers on every response Josh sends, whichever surface made it: Django's views and error pages,
the /mcp transport (which bypasses Django's middleware), and the 4xx/5xx the ASGI layers answer themselves.

``X-Content-Type-Options: nosniff`` always; a Content-Security-Policy that loads nothing for data (JSON, text)
and only same-origin resources for HTML pages (the admin, the explorer, /browse/, /v1/docs); framing refused
either way. A header a response already carries is left as it is.

Django's own responses get the headers from ``SecurityHeadersMiddleware`` before they leave Django, so a WSGI
server (the browser tests' live server, a WSGI deployment) sends the same policy; under ASGI the outer layer
then finds them set and adds only what is missing (the /mcp transport, the ASGI layers' own 4xx/5xx).
"""

NOSNIFF = (b"x-content-type-options", b"nosniff")
CSP_DATA = b"default-src 'none'; frame-ancestors 'none'"
# Scripts only from files Josh serves (the explorer's static/explorer/*.js, the admin's, DRF's and Swagger UI's,
# all through whitenoise) and no inline script, so markup that reaches a page from upstream data cannot run.
# Inline styles stay: the admin, the browsable API and Swagger UI set style attributes, and CSS runs no code.
CSP_HTML = (
    b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    b"script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    b"frame-ancestors 'none'"
)


def policy_for(content_type: bytes) -> bytes:
    return CSP_HTML if b"html" in content_type.lower() else CSP_DATA


def with_security_headers(headers: list) -> list:
    names = {name.lower() for name, _ in headers}
    out = list(headers)
    if NOSNIFF[0] not in names:
        out.append(NOSNIFF)
    if b"content-security-policy" not in names:
        content_type = next((v for k, v in headers if k.lower() == b"content-type"), b"")
        out.append((b"content-security-policy", policy_for(content_type)))
    return out


class SecurityHeadersMiddleware:
    """Django middleware: the same headers on every response Django makes, whatever server runs it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        content_type = response.get("Content-Type", "").encode("latin-1")
        response.headers.setdefault("X-Content-Type-Options", NOSNIFF[1].decode())
        response.headers.setdefault("Content-Security-Policy", policy_for(content_type).decode())
        return response


class SecurityHeaders:
    """ASGI middleware: adds the headers above to every HTTP response start."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": with_security_headers(list(message.get("headers", [])))}
            await send(message)

        return await self.app(scope, receive, send_with_headers)
