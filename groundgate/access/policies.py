"""The access rules, as pure functions: no queries here, so each rule can be read (and tested)
on its own. The selectors in groundgate.access.selectors and reviews.selectors gather the facts
and ask these."""

from __future__ import annotations

from enum import StrEnum

from groundgate.models import Role


class Action(StrEnum):
    VIEW = "view"  # dataset, queue, dashboard, cases, documents, chunks, gate runs, reviews
    GATE = "gate"  # gate-as-a-service and the answering pipeline (the RAG system's account)
    REVIEW = "review"  # record a review decision
    RELABEL = "relabel"  # set a case's final label (case page, bulk, admin action)
    IMPORT = "import"  # upload PDFs, import chunks or cases
    EXPORT = "export"  # the streaming export of the audited dataset
    WEBHOOKS = "webhooks"  # see, add and change the dataset's webhooks and their delivery log
    INSTRUCT = "instruct"  # edit the dataset's review instructions (shown on queue and case page)
    ASSIGN = "assign"  # assign cases to reviewers and see every reviewer's progress
    ADMINISTER = "administer"  # the dataset's records and memberships in the Django admin site


# Everything else is open to every member of the dataset.
ADMIN_ONLY = frozenset(
    {
        Action.RELABEL,
        Action.IMPORT,
        Action.EXPORT,
        Action.WEBHOOKS,
        Action.INSTRUCT,
        Action.ASSIGN,
        Action.ADMINISTER,
    }
)

DENIED = {
    Action.RELABEL: "only admins of the dataset relabel",
    Action.IMPORT: "this needs the admin role in the dataset",
    Action.EXPORT: "this needs the admin role in the dataset",
    Action.WEBHOOKS: "this needs the admin role in the dataset",
    Action.INSTRUCT: "only admins of the dataset edit its review instructions",
    Action.ASSIGN: "only admins of the dataset assign cases",
    Action.ADMINISTER: "this needs the admin role in the dataset",
}


def role_may(role: str | None, action: Action) -> bool:
    """May a member with `role` (None: not a member) do `action` in the dataset?"""
    if role not in Role.values:
        return False
    return role == Role.ADMIN or action not in ADMIN_ONLY


def others_reviews_visible(*, role: str | None, reviews_required: int, has_own: bool) -> bool:
    """May a member see other reviewers' reviews of a case? Double review is independent: until
    you have given your own review, the others stay hidden (so they cannot sway you). Admins
    adjudicate, so they always see them; with one review required there is nothing to keep
    independent."""
    if role not in Role.values:
        return False
    return reviews_required <= 1 or has_own or role == Role.ADMIN


def reserved_by_others_visible(*, role: str | None) -> bool:
    """May a member list the cases other reviewers hold (reserved, reviews.reservations)? The
    queue hides them from reviewers so two do not take the same case; admins oversee the work
    and may list them, marked with who holds them."""
    return role == Role.ADMIN
