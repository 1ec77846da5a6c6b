from django.urls import path, re_path

from reviews import case_views, documents_views, manage_views, views

app_name = "reviews"
urlpatterns = [
    path("", views.dataset_list, name="datasets"),
    path("d/<slug:slug>/", views.queue, name="queue"),
    path("d/<slug:slug>/relabel", views.bulk_relabel, name="bulk-relabel"),
    path("d/<slug:slug>/instructions", views.instructions_post, name="instructions"),
    path("d/<slug:slug>/assign", views.assign_post, name="assign"),
    path("d/<slug:slug>/dashboard", views.dashboard_view, name="dashboard"),
    path("d/<slug:slug>/documents/", manage_views.document_list, name="documents"),
    path("d/<slug:slug>/documents/upload", manage_views.document_upload, name="document-upload"),
    path(
        "d/<slug:slug>/documents/<id:document_id>/",
        manage_views.document_detail,
        name="document",
    ),
    path("d/<slug:slug>/import", manage_views.case_import, name="import"),
    path("d/<slug:slug>/import/traces", manage_views.trace_import, name="import-traces"),
    path(
        "d/<slug:slug>/import/labelstudio",
        manage_views.labelstudio_import_page,
        name="import-labelstudio",
    ),
    path("d/<slug:slug>/export", manage_views.export_page, name="export"),
    # The same pages asked for with a trailing slash (as Django's APPEND_SLASH leads users to
    # type them): a permanent redirect to the canonical address, the query string kept.
    re_path(
        r"^d/(?P<slug>[-a-zA-Z0-9_]+)/(?P<page>dashboard|export|import|import/traces"
        r"|import/labelstudio)/$",
        views.without_slash,
        name="without-slash",
    ),
    path("d/<slug:slug>/cases/<id:case_id>/", case_views.case_detail, name="case"),
    path("d/<slug:slug>/cases/<id:case_id>/review", case_views.review_post, name="review"),
    path("d/<slug:slug>/cases/<id:case_id>/relabel", case_views.relabel_post, name="relabel"),
    path("d/<slug:slug>/cases/<id:case_id>/skip", case_views.case_skip, name="skip"),
    path(
        "d/<slug:slug>/cases/<id:case_id>/annotated.pdf",
        documents_views.case_annotated,
        name="case-pdf",
    ),
    path(
        "d/<slug:slug>/documents/<id:document_id>/pages/<id:page_index>/",
        manage_views.document_page,
        name="document-page",
    ),
    path(
        "d/<slug:slug>/documents/<id:document_id>/pages/<id:page_index>.png",
        documents_views.page_image,
        name="page-image",
    ),
]
