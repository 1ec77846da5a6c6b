"""Which addresses a webhook may be sent to: public ones only (no server-side request forgery).

A webhook URL is typed by a dataset's admin, and GroundGate then POSTs to it from inside the
deployment's network. Without a rule, an admin could make the server talk to itself
(127.0.0.1, the admin site, a database port), to the cloud's metadata service (169.254.169.254)
or to the private network behind it. So a target whose address is loopback, private, link-local,
multicast, reserved, unspecified or otherwise not globally routable is refused, for IPv4 and
IPv6, including an IPv4 address carried inside an IPv6 one (IPv4-mapped `::ffff:a.b.c.d`, 6to4,
Teredo), which would otherwise smuggle 127.0.0.1 past an IPv6-only check.

Pure (standard library only): the service asks it when a webhook is saved (every address the
host resolves to) and again at delivery, of the address the socket actually connected to
(groundgate/services/webhook_targets.py).
"""

from __future__ import annotations

import ipaddress

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def address_refusal(address: str | IPAddress) -> str | None:
    """Why `address` is not a public one ("a loopback address", ...), or None if it is.
    A string that is not an IP address is refused too (it cannot be judged)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0] if isinstance(address, str) else address)
    except ValueError:
        return "not an IP address"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        # ::ffff:a.b.c.d is how a dual-stack socket reaches the IPv4 host a.b.c.d: judge that.
        reason = address_refusal(ip.ipv4_mapped)
        return None if reason is None else f"IPv4-mapped {ip.ipv4_mapped}, {reason}"
    if isinstance(ip, ipaddress.IPv6Address):
        for name, inner in _embedded_ipv4(ip):
            reason = address_refusal(inner)
            if reason is not None:
                return f"{name} {inner}, {reason}"
    if ip.is_unspecified:
        return "an unspecified address"
    if ip.is_loopback:
        return "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_multicast:
        return "a multicast address"
    if ip.is_private:
        return "a private address"
    if ip.is_reserved:
        return "a reserved address"
    if not ip.is_global:
        return "not a public address"
    return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """The IPv4 addresses a 6to4 or Teredo address carries (a relay would reach them)."""
    found = []
    if ip.sixtofour is not None:
        found.append(("6to4 of", ip.sixtofour))
    if ip.teredo is not None:
        found.extend(("Teredo of", inner) for inner in ip.teredo)
    return found
