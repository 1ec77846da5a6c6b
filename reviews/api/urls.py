"""Included by groundgate/api/urls.py under v1/datasets/<slug>/, in its "api" namespace (no
app_name here, so the names stay api:case-list, ...)."""

from django.urls import path

from reviews.api import views

urlpatterns = [
    path("cases/", views.CaseList.as_view(), name="case-list"),
    path("cases/<id:pk>/", views.CaseDetail.as_view(), name="case-detail"),
    path("cases/<id:pk>/reviews/", views.CaseReviews.as_view(), name="case-reviews"),
    path("export", views.Export.as_view(), name="export"),
]
