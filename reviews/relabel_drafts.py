"""What an admin typed into the queue's bulk relabel form, kept when the relabel goes back to the
queue with an error (d826): the queue shows the form open and filled again, so the reason is not
typed twice. One draft per dataset, in the admin's own session (never the broker, never the URL);
taken once, by the next page of that dataset's queue under the same filters that shows the form."""

from __future__ import annotations

from django.http import HttpRequest

REASON_KEPT = 10_000  # characters: a draft is a form's content, not a store


def _key(slug: str) -> str:
    return f"relabel-draft:{slug}"


def relabel_draft_keep(
    request: HttpRequest, *, slug: str, query: str, to_label: str, reason: str
) -> None:
    """Keep the label and reason the admin chose for the queue of `slug` filtered by `query`."""
    draft = {"query": query, "to_label": to_label[:64], "reason": reason[:REASON_KEPT]}
    request.session[_key(slug)] = draft


def relabel_draft_take(request: HttpRequest, *, slug: str, query: str) -> dict[str, str] | None:
    """The draft kept for `slug` under the filters `query`, once (the session is written only
    when there was one); a draft of other filters stays until its own queue page or the next
    draft."""
    draft = request.session.get(_key(slug))
    if not isinstance(draft, dict) or draft.get("query") != query:
        return None
    del request.session[_key(slug)]
    return {"to_label": str(draft.get("to_label", "")), "reason": str(draft.get("reason", ""))}
