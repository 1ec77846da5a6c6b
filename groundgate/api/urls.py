from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from groundgate.api import data_views as d
from groundgate.api import ingest_views as i
from groundgate.api import webhook_views as w
from groundgate.api.answer_views import AnswerView
from groundgate.api.gate_views import GATE_VIEWS
from groundgate.api.trace_views import TraceImport

app_name = "api"
DOCS_CSP = csp_update({"style-src": [SELF, UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})
DS = "v1/datasets/<slug:slug>"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's set-up script is served as a file (the split view), so no inline script is
    # needed; both UIs set styles inline and Redoc runs its search in a blob: worker.
    path(
        "docs/",
        DOCS_CSP(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="swagger",
    ),
    path("redoc/", DOCS_CSP(SpectacularRedocView.as_view(url_name="api:schema")), name="redoc"),
    path("v1/answer", AnswerView.as_view(), name="answer"),
    path("v1/datasets/", d.DatasetList.as_view(), name="dataset-list"),
    path(f"{DS}/", d.DatasetDetail.as_view(), name="dataset-detail"),
    path(f"{DS}/documents/", d.DocumentList.as_view(), name="document-list"),
    path(f"{DS}/documents/upload", i.DocumentUpload.as_view(), name="document-upload"),
    path(f"{DS}/documents/<id:pk>/", d.DocumentDetail.as_view(), name="document-detail"),
    path(f"{DS}/documents/<id:pk>/chunks/import", i.ChunkImport.as_view(), name="chunk-import"),
    path(f"{DS}/chunks/", d.ChunkList.as_view(), name="chunk-list"),
    path(f"{DS}/cases/import", i.CaseImport.as_view(), name="case-import"),
    path(f"{DS}/traces/import", TraceImport.as_view(), name="trace-import"),
    path(f"{DS}/webhooks/", w.WebhookList.as_view(), name="webhook-list"),
    path(f"{DS}/webhooks/<id:pk>/", w.WebhookDetail.as_view(), name="webhook-detail"),
    path(f"{DS}/webhooks/<id:pk>/attempts/", w.WebhookAttempts.as_view(), name="webhook-log"),
    path(f"{DS}/webhooks/<id:pk>/test", w.WebhookTest.as_view(), name="webhook-test"),
    path(f"{DS}/cases/<id:pk>/gate-runs/", d.CaseGateRuns.as_view(), name="case-gate-runs"),
    # Cases with their review state, reviews, export: the reviews app's (named, not imported,
    # so groundgate does not depend on reviews).
    path(f"{DS}/", include("reviews.api.urls")),
]
for kind, (gate_view, batch_view) in GATE_VIEWS.items():
    urlpatterns += [
        path(f"v1/gate/{kind}", gate_view, name=f"gate-{kind}"),
        path(f"v1/gate/{kind}/batch", batch_view.as_view(), name=f"gate-{kind}-batch"),
    ]
