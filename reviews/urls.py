from django.urls import path

from reviews import case_views, documents_views, views

app_name = "reviews"
urlpatterns = [
    path("", views.dataset_list, name="datasets"),
    path("d/<slug:slug>/", views.queue, name="queue"),
    path("d/<slug:slug>/relabel", views.bulk_relabel, name="bulk-relabel"),
    path("d/<slug:slug>/dashboard", views.dashboard_view, name="dashboard"),
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
        "d/<slug:slug>/documents/<id:document_id>/pages/<id:page_index>.png",
        documents_views.page_image,
        name="page-image",
    ),
]
