from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("groundgate.api.urls")),
    # OTLP/HTTP's standard path (an SDK appends /v1/traces to OTEL_EXPORTER_OTLP_ENDPOINT).
    path("v1/", include("groundgate.api.otlp_urls")),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("reviews.urls")),
]
