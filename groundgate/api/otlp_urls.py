"""The OTLP/HTTP paths, mounted at the site's root (groundgate/urls.py includes them by name)."""

from django.urls import path

from groundgate.api.otlp_views import OtlpTraces

app_name = "otlp"
urlpatterns = [path("traces", OtlpTraces.as_view(), name="traces")]
