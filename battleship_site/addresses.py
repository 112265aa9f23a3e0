"""Whose request is it: the address the rate limits and the login lockout count by."""

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The address of the person sending ``request``.

    With no proxy in front (``TRUSTED_PROXY_COUNT`` 0, the default) it is the connection's
    own address, so a forged ``X-Forwarded-For`` picks nothing. Behind N proxies that each
    append the address they were reached from (nginx's ``$proxy_add_x_forwarded_for``), it is
    the Nth address from the right of that header: whatever stands further left, the client
    may have written itself. A request that did not come through the N proxies (too short a
    header) counts by its connection's address.
    """
    remote: str = request.META.get("REMOTE_ADDR", "")
    proxies: int = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    chain = [part for part in chain if part]
    return chain[-proxies] if len(chain) >= proxies else remote
