from django.urls import path

from reviews import views

app_name = "reviews"
urlpatterns = [
    path("", views.dataset_list, name="datasets"),
    path("d/<slug:slug>/", views.queue, name="queue"),
    path("d/<slug:slug>/cases/<int:case_id>/", views.case_detail, name="case"),
]
