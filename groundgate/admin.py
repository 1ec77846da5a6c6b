from django.contrib import admin

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
    list_display = ("external_id", "dataset", "kind", "created_at")
    list_filter = ("dataset", "kind")
    search_fields = ("external_id", "question")


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
