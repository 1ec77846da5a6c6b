"""The records a user may see. Every lookup of a dataset-scoped record for a user goes through
here: web views, API views and services raise the same errors for the same user (Http404 for
what the user may not see, PermissionDenied for what their role may not do), and DRF and Django
turn both into the same status codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth.models import PermissionsMixin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404

from groundgate.access.policies import DENIED, Action, role_may
from groundgate.models import Case, Dataset, Document, DocumentStatus, Membership, Role

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser

    # Who asks: a request's user (DRF's and Django's), a stored user, or None (no one).
    Someone = AbstractBaseUser | AnonymousUser | None


@dataclass(frozen=True)
class DatasetAccess:
    """A dataset as one member sees it: the dataset and their role in it."""

    dataset: Dataset
    role: str

    def may(self, action: Action) -> bool:
        return role_may(self.role, action)

    @property
    def is_admin(self) -> bool:
        return self.may(Action.RELABEL)


def _memberships(user: Someone) -> QuerySet[Membership]:
    if user is None or not user.is_authenticated:
        return Membership.objects.none()
    return Membership.objects.filter(user_id=user.pk).select_related("dataset")


def datasets_visible(*, user: Someone) -> QuerySet[Dataset]:
    """The datasets `user` is a member of, in slug order."""
    if user is None or not user.is_authenticated:
        return Dataset.objects.none()
    return Dataset.objects.filter(memberships__user=user.pk).order_by("slug")


def datasets_administered(*, user: Someone) -> QuerySet[Dataset]:
    """The datasets whose records `user` may see and change in the Django admin site: every
    dataset for an active superuser (Django's own rule, as before), otherwise those where the
    user holds a role that may ADMINISTER. Staff status alone gives none."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Dataset.objects.none()
    if isinstance(user, PermissionsMixin) and user.is_superuser:
        return Dataset.objects.all()
    roles = [role for role in Role.values if role_may(role, Action.ADMINISTER)]
    return Dataset.objects.filter(
        pk__in=Membership.objects.filter(user_id=user.pk, role__in=roles).values("dataset_id")
    )


def member_role(*, user: Someone, dataset: Dataset) -> str | None:
    membership = _memberships(user).filter(dataset=dataset).first()
    return membership.role if membership else None


def _check(role: str, action: Action) -> None:
    if not role_may(role, action):
        raise PermissionDenied(DENIED.get(action, f"your role may not {action}"))


def require(*, user: Someone, dataset: Dataset, action: Action) -> str:
    """The user's role, if they may do `action` in `dataset`; for services acting for a user.
    A non-member is refused too (PermissionDenied: the caller found the dataset already)."""
    role = member_role(user=user, dataset=dataset)
    if role is None:
        raise PermissionDenied("not a member of this dataset")
    _check(role, action)
    return role


def dataset_access(*, user: Someone, slug: str, action: Action = Action.VIEW) -> DatasetAccess:
    """The dataset `slug` and the user's role, if they may do `action` there: Http404 for a
    dataset they are not a member of (or that does not exist), PermissionDenied for a member whose
    role may not."""
    return _decide(_membership_by_slug(user, slug), action)


def _decide(found: tuple[Dataset, str] | None, action: Action) -> DatasetAccess:
    if found is None:
        raise Http404("no such dataset")
    dataset, role = found
    _check(role, action)
    return DatasetAccess(dataset, role)


def _membership_by_slug(user: Someone, slug: str) -> tuple[Dataset, str] | None:
    """(dataset, role) of `user` in dataset `slug`: one read, every time, never cached, so a
    revoked membership takes effect at the next request."""
    if user is None or not user.is_authenticated:
        return None
    membership = (
        Membership.objects.select_related("dataset")
        .filter(user_id=user.pk, dataset__slug=slug)
        .first()
    )
    return None if membership is None else (membership.dataset, membership.role)


def dataset_for(*, user: Someone, slug: str, action: Action = Action.VIEW) -> Dataset:
    return dataset_access(user=user, slug=slug, action=action).dataset


def dataset_default(*, user: Someone, action: Action = Action.VIEW) -> Dataset | None:
    """The dataset of a user who is a member of exactly one (the API lets them leave it out),
    if their role there may do `action` (PermissionDenied if it may not)."""
    memberships = list(_memberships(user)[:2])
    if len(memberships) != 1:
        return None
    _check(memberships[0].role, action)
    return memberships[0].dataset


def case_for(*, user: Someone, slug: str, case_id: int | str, action: Action = Action.VIEW) -> Case:
    """A case of dataset `slug`, or Http404 (also for a case of another dataset)."""
    dataset = dataset_for(user=user, slug=slug, action=action)
    case = None
    if str(case_id).isdigit():
        case = (
            Case.objects.filter(dataset=dataset, pk=int(case_id)).select_related("dataset").first()
        )
    if case is None:
        raise Http404("no such case")
    return case


def document_for(
    *, user: Someone, slug: str, document_id: int | str, ready: bool = False
) -> Document:
    """A document of dataset `slug` (only a ready one if `ready`), or Http404."""
    dataset = dataset_for(user=user, slug=slug)
    documents = Document.objects.filter(dataset=dataset, pk=document_id)
    if ready:
        documents = documents.filter(status=DocumentStatus.READY)
    document = documents.first()
    if document is None:
        raise Http404("no such document")
    return document
