"""Whose request is it: the address the rate limits and the login lockout count by."""

import ipaddress

from django.conf import settings
from django.http import HttpRequest

# An IPv6 user holds a whole /64 (as django-ratelimit assumes): count the network, not each
# of its addresses, or one person has 2**64 fresh counters.
IPV6_PREFIX = 64


def client_ip(request: HttpRequest) -> str:
    """The address of the person sending ``request`` (for IPv6, its /64 network).

    With no proxy in front (``TRUSTED_PROXY_COUNT`` 0, the default) it is the connection's
    own address, so a forged ``X-Forwarded-For`` picks nothing. Behind N proxies that each
    append the address they were reached from (nginx's ``$proxy_add_x_forwarded_for``), it is
    the Nth address from the right of that header: whatever stands further left, the client
    may have written itself. A request that did not come through the N proxies (too short a
    header), or whose entry is not an address, counts by its connection's address.
    """
    remote: str = request.META.get("REMOTE_ADDR", "")
    proxies: int = settings.TRUSTED_PROXY_COUNT
    chosen = remote
    if proxies > 0:
        chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        chain = [part for part in chain if part]
        if len(chain) >= proxies and _address(chain[-proxies]):
            chosen = chain[-proxies]
    address = _address(chosen)
    if address is None:
        return chosen
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False).network_address)
    return str(address)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None
