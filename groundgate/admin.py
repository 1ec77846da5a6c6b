from django.contrib import admin

from groundgate.engine.canonical import sha256_of
from groundgate.models import Case, Chunk, Dataset, Document, GateRun, Membership, Page


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Dataset)
class DatasetAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "reviews_required", "created_at")
    inlines = [MembershipInline]


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("title", "dataset", "kind", "status", "page_count", "created_at")
    list_filter = ("status", "kind", "dataset")


@admin.register(Chunk)
class ChunkAdmin(admin.ModelAdmin):
    list_display = ("chunk_id", "dataset", "document", "page_index")
    search_fields = ("chunk_id", "text")
    list_filter = ("dataset",)


@admin.register(Page)
class PageAdmin(admin.ModelAdmin):
    list_display = ("document", "index", "width", "height", "rotation")


@admin.register(Case)
class CaseAdmin(admin.ModelAdmin):
    """A gated case is the subject of an audit trail (verdicts, reviews, relabels): once it has a
    gate run, nothing about it can be changed here. A changed case is a new case."""

    list_display = ("external_id", "dataset", "kind", "created_at")
    list_filter = ("dataset", "kind")
    search_fields = ("external_id", "question")
    SUBJECT = ("dataset", "kind", "external_id", "question", "payload", "payload_sha256")

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.gate_runs.exists():
            return self.SUBJECT
        # payload_sha256 is derived from the payload; no one types it.
        return ("payload_sha256",)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.gate_runs.exists():
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        obj.payload_sha256 = sha256_of(obj.payload)
        super().save_model(request, obj, form, change)


@admin.register(GateRun)
class GateRunAdmin(admin.ModelAdmin):
    """Read-only: gate runs are append-only records."""

    list_display = ("case", "gate", "status", "policy_sha256", "created_at")
    list_filter = ("gate", "status")

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False
