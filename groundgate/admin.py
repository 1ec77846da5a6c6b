from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from django import forms
from django.contrib import admin
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import ForeignKey, Model, QuerySet
from django.forms import ModelChoiceField
from django.http import HttpRequest

from groundgate.access import (
    Action,
    datasets_administered,
    datasets_visible,
    member_role,
    require,
    role_may,
)
from groundgate.engine.canonical import sha256_of
from groundgate.models import (
    Case,
    Chunk,
    Dataset,
    Document,
    GateRun,
    Membership,
    Page,
    Webhook,
    WebhookAttempt,
    WebhookDelivery,
)
from groundgate.services.webhooks import (
    WebhookInputError,
    dataset_webhooks_refresh,
    webhook_events_clean,
    webhook_url_clean,
)

if TYPE_CHECKING:
    from django.contrib.admin.options import _ListFilterT

    # What get_list_filter gives (django-stubs' own alias of a list_filter entry).
    ListFilters = list[_ListFilterT] | tuple[_ListFilterT, ...]


_M = TypeVar("_M", bound=Model)


class DatasetScoped(Generic[_M]):
    """An admin page that shows only the records of datasets the signed-in user administers
    (groundgate.access.datasets_administered: superusers every dataset, as before; staff only
    those where they hold the admin role). `dataset_path` leads from the model to its Dataset.
    A record outside them is "not found", like any page; a dataset chooser offers only them; a
    list filter by dataset is left out for staff (it would list every dataset's name)."""

    dataset_path = "dataset"

    def get_queryset(self, request: HttpRequest) -> QuerySet[_M]:
        rows: QuerySet[_M] = super().get_queryset(request)  # type: ignore[misc]
        return rows.filter(**{f"{self.dataset_path}__in": datasets_administered(user=request.user)})

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        if db_field.related_model is Dataset:
            kwargs["queryset"] = datasets_administered(user=request.user)
        field: ModelChoiceField[Any] | None = super().formfield_for_foreignkey(  # type: ignore[misc]
            db_field, request, **kwargs
        )
        return field

    def get_list_filter(self, request: HttpRequest) -> ListFilters:
        filters: ListFilters = super().get_list_filter(request)  # type: ignore[misc]
        if request.user.is_superuser:
            return filters
        return [f for f in filters if not str(f).split("__")[-1] == "dataset"]


class MembershipInline(DatasetScoped[Membership], admin.TabularInline[Membership, Dataset]):
    model = Membership
    extra = 0


@admin.register(Dataset)
class DatasetAdmin(DatasetScoped[Dataset], admin.ModelAdmin[Dataset]):
    list_display = ("slug", "name", "reviews_required", "created_at")
    inlines = [MembershipInline]
    dataset_path = "pk"

    def has_add_permission(self, request: HttpRequest) -> bool:
        # A new dataset is made by a superuser (or `import_cases`), so staff cannot make one and
        # grant themselves its admin role through the inline.
        return bool(request.user.is_superuser) and super().has_add_permission(request)


@admin.register(Document)
class DocumentAdmin(DatasetScoped[Document], admin.ModelAdmin[Document]):
    list_display = ("title", "dataset", "kind", "status", "page_count", "created_at")
    list_filter = ("status", "kind", "dataset")


@admin.register(Chunk)
class ChunkAdmin(DatasetScoped[Chunk], admin.ModelAdmin[Chunk]):
    list_display = ("chunk_id", "dataset", "document", "page_index")
    search_fields = ("chunk_id", "text")
    list_filter = ("dataset",)


@admin.register(Page)
class PageAdmin(DatasetScoped[Page], admin.ModelAdmin[Page]):
    list_display = ("document", "index", "width", "height", "rotation")
    dataset_path = "document__dataset"


@admin.register(Case)
class CaseAdmin(DatasetScoped[Case], admin.ModelAdmin[Case]):
    """A gated case is the subject of an audit trail (verdicts, reviews, relabels): once it has a
    gate run, nothing about it can be changed here. A changed case is a new case."""

    list_display = ("external_id", "dataset", "kind", "created_at")
    list_filter = ("dataset", "kind")
    search_fields = ("external_id", "question")
    SUBJECT = ("dataset", "kind", "external_id", "question", "payload", "payload_sha256")

    def get_readonly_fields(self, request: HttpRequest, obj: Case | None = None) -> tuple[str, ...]:
        if obj is not None and obj.gate_runs.exists():
            return self.SUBJECT
        # payload_sha256 is derived from the payload; no one types it.
        return ("payload_sha256",)

    def has_delete_permission(self, request: HttpRequest, obj: Case | None = None) -> bool:
        if obj is not None and obj.gate_runs.exists():
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Case, form: Any, change: bool) -> None:
        # A gated case's subject is read-only here; only an editable payload is hashed again
        # (recomputing a gated case's hash would be a change the model refuses).
        if not (change and obj.gate_runs.exists()):
            obj.payload_sha256 = sha256_of(obj.payload)
        super().save_model(request, obj, form, change)


@admin.register(GateRun)
class GateRunAdmin(DatasetScoped[GateRun], admin.ModelAdmin[GateRun]):
    dataset_path = "case__dataset"

    """Read-only: gate runs are append-only records."""

    list_display = ("case", "gate", "status", "policy_sha256", "created_at")
    list_filter = ("gate", "status")

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class WebhookAttemptInline(admin.TabularInline[WebhookAttempt, WebhookDelivery]):
    """The delivery log, read-only (append-only rows)."""

    model = WebhookAttempt
    fk_name = "delivery"
    extra = 0
    can_delete = False
    fields = ("attempt", "status_code", "duration_ms", "succeeded", "error", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: WebhookDelivery | None = None) -> bool:
        return False


class WebhookForm(forms.ModelForm[Webhook]):
    """The same checks as the API (the services' cleaners), shown on the form's fields."""

    url = forms.CharField(max_length=2000, help_text="http:// or https://")

    class Meta:
        model = Webhook
        fields = ("dataset", "url", "events", "active", "secret")

    def clean_url(self) -> str:
        return _cleaned(webhook_url_clean, self.cleaned_data["url"])

    def clean_events(self) -> list[str]:
        return _cleaned(webhook_events_clean, self.cleaned_data["events"])

    def clean_secret(self) -> str:
        secret = self.cleaned_data.get("secret") or ""
        if not 16 <= len(secret) <= 128:
            raise forms.ValidationError("16 to 128 characters")
        return secret


_T = TypeVar("_T")


def _cleaned(clean: Callable[[Any], _T], value: object) -> _T:
    try:
        return clean(value)
    except WebhookInputError as exc:
        raise forms.ValidationError(str(exc).split(": ", 1)[-1]) from None


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin[Webhook]):
    """Webhooks of the datasets the signed-in user administers (groundgate.access decides, as
    for the API: staff status alone shows none). The secret is typed once and never shown."""

    form = WebhookForm
    list_display = ("dataset", "url", "events", "active", "created_at")
    list_filter = ("active",)

    def get_fields(self, request: HttpRequest, obj: Webhook | None = None) -> tuple[str, ...]:
        return ("dataset", "url", "events", "active") + (() if obj else ("secret",))

    def get_readonly_fields(
        self, request: HttpRequest, obj: Webhook | None = None
    ) -> tuple[str, ...]:
        return ("dataset",) if obj else ()

    def get_queryset(self, request: HttpRequest) -> QuerySet[Webhook]:
        administered = [
            d.pk for d in datasets_visible(user=request.user) if may_manage(request.user, d)
        ]
        return super().get_queryset(request).filter(dataset_id__in=administered)

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        if db_field.name == "dataset":
            kwargs["queryset"] = Dataset.objects.filter(
                pk__in=[
                    d.pk for d in datasets_visible(user=request.user) if may_manage(request.user, d)
                ]
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: Webhook, form: Any, change: bool) -> None:
        require(user=request.user, dataset=obj.dataset, action=Action.WEBHOOKS)
        # The admin site lets in signed-in staff only: the user is never anonymous here.
        if not change and isinstance(request.user, User):
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        dataset_webhooks_refresh(dataset=obj.dataset)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False  # switch it off instead: its delivery log stays


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin[WebhookDelivery]):
    list_display = ("event_id", "event", "webhook", "created_at")
    list_filter = ("event",)
    fields = ("webhook", "event_id", "event", "created_at")
    readonly_fields = fields
    inlines = [WebhookAttemptInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[WebhookDelivery]:
        administered = [
            d.pk for d in datasets_visible(user=request.user) if may_manage(request.user, d)
        ]
        return super().get_queryset(request).filter(webhook__dataset_id__in=administered)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.method in ("GET", "HEAD")

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


def may_manage(user: AbstractBaseUser | AnonymousUser, dataset: Dataset) -> bool:
    return role_may(member_role(user=user, dataset=dataset), Action.WEBHOOKS)
