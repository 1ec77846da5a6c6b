"""Webhook targets are public addresses: checked when a webhook is saved, and again at delivery
on the address the socket actually connects to.

The save-time check (`webhook_target_check`) resolves the URL's host and refuses it if any of
its addresses is not public (groundgate.integrations.webhooks.addresses says which are), so an
admin learns at once, on the `url` field, that a target will never be sent to.

That check alone is not enough: DNS can answer differently a second later (DNS rebinding: a
public address when the webhook is saved, 127.0.0.1 when it is delivered). So the delivery
opener (`public_opener`) resolves the host itself, connects only to public addresses, and checks
the peer address of the connected socket before a byte is sent; there is no second lookup that
could differ. Redirects are not followed (a redirect is an answer, not a new target), and proxies
from the environment are not used (the proxy, not GroundGate, would choose the address).

`GROUNDGATE_WEBHOOK_ALLOW_PRIVATE` (off by default) lifts the rule, for development and tests
whose receivers listen on 127.0.0.1 (docs/decisions.md, d142).
"""

from __future__ import annotations

import http.client
import socket
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import Message
from typing import IO, Any
from urllib.parse import urlsplit

from django.conf import settings

from groundgate.integrations.webhooks.addresses import address_refusal

ALLOW_SETTING = "GROUNDGATE_WEBHOOK_ALLOW_PRIVATE"
# The DNS lookup, one name so a test can play a DNS server that changes its answer.
resolve = socket.getaddrinfo


class TargetRefused(Exception):
    """The target's address is not a public one (and private targets are not allowed). Not an
    OSError on purpose: urllib would wrap it as one more network error."""


def private_targets_allowed() -> bool:
    return bool(getattr(settings, ALLOW_SETTING, False))


def _refused(host: str, address: str, reason: str) -> str:
    where = address if host.strip("[]") == address else f"{host} resolves to {address}"
    return (
        f"{where}, {reason}: webhooks are sent to public addresses only "
        f"({ALLOW_SETTING} allows others, for development)"
    )


def webhook_target_check(*, url: str) -> None:
    """TargetRefused (its message names the host and why) when `url`'s host is missing, cannot
    be resolved, or resolves to any address that is not public."""
    parts = urlsplit(url)
    host = parts.hostname
    if not host:
        raise TargetRefused("no host in the URL")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise TargetRefused("the port is not a number from 0 to 65535") from None
    if private_targets_allowed():
        return
    try:
        infos = resolve(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise TargetRefused(f"the host {host} cannot be resolved ({why})") from None
    for *_, sockaddr in infos:
        address = str(sockaddr[0])
        reason = address_refusal(address)
        if reason is not None:
            raise TargetRefused(_refused(host, address, reason))


def connect_public(
    address: tuple[str, int],
    timeout: object = None,
    source_address: tuple[str, int] | None = None,
) -> socket.socket:
    """socket.create_connection that connects only to public addresses (unless allowed), and
    checks the connected socket's peer address. Raises TargetRefused when no address may be
    used, the last connection error when none answered."""
    host, port = address
    allowed = private_targets_allowed()
    refused: list[str] = []
    last_error: OSError | None = None
    for family, kind, proto, _, sockaddr in resolve(host, port, type=socket.SOCK_STREAM):
        reason = None if allowed else address_refusal(str(sockaddr[0]))
        if reason is not None:
            refused.append(_refused(host, str(sockaddr[0]), reason))
            continue
        sock = socket.socket(family, kind, proto)
        try:
            if isinstance(timeout, int | float):  # not None, not the module's "default" marker
                sock.settimeout(timeout)
            if source_address:
                sock.bind(source_address)
            sock.connect(sockaddr)
        except OSError as exc:
            sock.close()
            last_error = exc
            continue
        _deadline_watch(sock)
        peer = str(sock.getpeername()[0])
        reason = None if allowed else address_refusal(peer)
        if reason is not None:
            sock.close()
            raise TargetRefused(_refused(host, peer, reason))
        return sock
    if last_error is not None:
        raise last_error
    if refused:
        raise TargetRefused(refused[0])
    raise OSError(f"no address for {host}")


_attempt = threading.local()


class DeadlinePassed(OSError):
    """The attempt's deadline (connect + the whole answer) passed; its sockets were shut."""


@contextmanager
def attempt_deadline(seconds: float) -> Iterator[threading.Event]:
    """Bound everything done inside - connecting, sending, reading the whole answer - to
    `seconds` in all: a timer shuts every socket connect_public opened here when it fires, so a
    receiver that trickles its answer a byte at a time cannot hold the attempt (urllib's own
    timeout counts each socket read separately). The yielded event is set when it fired."""
    fired = threading.Event()
    sockets: list[socket.socket] = []
    lock = threading.Lock()

    def fire() -> None:
        with lock:
            fired.set()
            for sock in sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    _attempt.watch = (sockets, lock, fired)
    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield fired
    finally:
        timer.cancel()
        _attempt.watch = None


def _deadline_watch(sock: socket.socket) -> None:
    watch = getattr(_attempt, "watch", None)
    if watch is None:
        return
    sockets, lock, fired = watch
    with lock:
        if fired.is_set():
            sock.close()
            raise DeadlinePassed("the attempt's deadline passed while connecting")
        sockets.append(sock)


class _PublicHTTPConnection(http.client.HTTPConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = connect_public


class _PublicHTTPSConnection(http.client.HTTPSConnection):
    # TLS is set up over the checked socket, still verified against the URL's host name.
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = connect_public


class _PublicHTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_PublicHTTPConnection, req)


class _PublicHTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        # _context: the one HTTPSHandler.__init__ made (CPython's, not in the type stubs).
        context = self._context  # type: ignore[attr-defined]
        return self.do_open(_PublicHTTPSConnection, req, context=context)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not a place to send the signed body to."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: Message,
        newurl: str,
    ) -> None:
        return None


def public_opener() -> urllib.request.OpenerDirector:
    """The opener every delivery goes through: public addresses only, no redirects, no proxy."""
    return urllib.request.build_opener(
        urllib.request.ProxyHandler({}), _NoRedirect, _PublicHTTPHandler, _PublicHTTPSHandler
    )
