"""Security headers on every response Josh sends, whichever surface made it: Django's views and error pages,
the /mcp transport (which bypasses Django's middleware), and the 4xx/5xx the ASGI layers answer themselves.

``X-Content-Type-Options: nosniff`` always; a Content-Security-Policy that loads nothing for data (JSON, text)
and only same-origin resources for HTML pages (the admin, the explorer, /v1/docs); framing refused either way.
A header a response already carries is left as it is.
"""

NOSNIFF = (b"x-content-type-options", b"nosniff")
CSP_DATA = b"default-src 'none'; frame-ancestors 'none'"
# The admin and the explorer use small inline scripts and styles; everything else they load is same-origin.
CSP_HTML = (
    b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    b"script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    b"frame-ancestors 'none'"
)


def with_security_headers(headers: list) -> list:
    names = {name.lower() for name, _ in headers}
    out = list(headers)
    if NOSNIFF[0] not in names:
        out.append(NOSNIFF)
    if b"content-security-policy" not in names:
        content_type = next((v for k, v in headers if k.lower() == b"content-type"), b"")
        out.append((b"content-security-policy", CSP_HTML if b"html" in content_type.lower() else CSP_DATA))
    return out


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
