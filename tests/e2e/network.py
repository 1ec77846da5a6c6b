"""Failures made at the network's edge for the browser tests, on a route set before the page
opens (d900).

A route added while a page is open is not always in force for that page's next request: under
load Chromium sent the review form's save past a route added just before the key press, the
server saved it, and the page went on to the saved case (the flaky save test of issue 28). A
route set before the page loads is in force for every request the page makes; the test then
says what the next request meets by setting `mode`, and `seen` counts what the route got, so a
request that went past it fails the test plainly rather than as a page that navigated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class EdgeRoute:
    """What the routed requests meet: `pass` (the server), `fail500`, `reset` (the connection
    cut before the server gets it), `lost` (the server gets it, its answer never arrives)."""

    mode: str = "pass"
    body: str = "boom"
    seen: list[str] = field(default_factory=list)

    def __call__(self, route: Any) -> None:
        self.seen.append(self.mode)
        if self.mode == "fail500":
            route.fulfill(status=500, body=self.body)
        elif self.mode == "reset":
            route.abort("connectionreset")
        elif self.mode == "lost":
            route.fetch()  # the server gets it and saves it ...
            route.abort("connectionreset")  # ... and its answer never arrives
        else:
            route.continue_()


def edge_route(page: Any, pattern: str) -> EdgeRoute:
    """Route `pattern` through an EdgeRoute; call it before the page that sends them opens."""
    edge = EdgeRoute()
    page.route(pattern, edge)
    return edge
