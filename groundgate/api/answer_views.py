"""POST /api/v1/answer: answer a question from a dataset through the grounded pipeline, or answer
from a retrieval bundle the caller's retriever produced; the run is stored as an anchored case
for review. Returns the R6 PublicResponse plus the case id and case URL of the stored run."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.api.errors import bad_request, conflict, field_path
from groundgate.api.gate_views import error_responses
from groundgate.api.params import dataset_from_query
from groundgate.pipeline.package import PublicResponse
from groundgate.pipeline.select import R2ValidationError
from groundgate.services.answering import BundleConflict, answer


class AnswerResponse(PublicResponse):
    """The R6 public response, plus where the stored run is: its case id and case page."""

    case_id: int
    case_url: str


class AnswerRequest(serializers.Serializer[None]):
    question = serializers.CharField(max_length=2000, required=False)
    retrieval_bundle = serializers.JSONField(
        required=False,
        help_text="An R2 retrieval bundle from your own retriever (request_id, user_question, "
        "retrieval_status, index_version, embedding_model, top_k, results[] with rank, "
        "chunk_id, faiss_id, similarity, chunk_text, knowledge_type_effective); instead of "
        "question.",
    )
    dataset = serializers.SlugField(required=False)
    provider = serializers.ChoiceField(choices=["extractive", "openai"], required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("question" in attrs) == ("retrieval_bundle" in attrs):
            raise serializers.ValidationError(
                {"question": "give exactly one of question and retrieval_bundle"}
            )
        return attrs


def answer_error(exc: ValueError) -> Response:
    """The answering service's bad input as the API's error: a bundle's V1 failure at its path
    under retrieval_bundle, a reused request_id a 409, any other ValueError at what its message
    begins with, up to ": " ("question: ..."; "provider" when it has no ": ")."""
    if isinstance(exc, R2ValidationError):
        return bad_request(
            [{"field": field_path("retrieval_bundle", exc.field), "message": str(exc)}]
        )
    if isinstance(exc, BundleConflict):
        return conflict([{"field": "retrieval_bundle.request_id", "message": str(exc)}])
    field, _, message = str(exc).partition(": ")
    return bad_request([{"field": field if message else "provider", "message": str(exc)}])


class AnswerView(APIView):
    @extend_schema(
        operation_id="answer",
        request=AnswerRequest,
        responses={
            200: AnswerResponse,
            **error_responses(400, 401, 404, 409),
        },
        tags=["answer"],
    )
    def post(self, request: Request) -> Response:
        form = AnswerRequest(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        dataset = dataset_from_query(request, slug=data.get("dataset"))
        try:
            result = answer(
                dataset=dataset,
                question=data.get("question"),
                bundle=data.get("retrieval_bundle"),
                provider=data.get("provider"),
            )
        except ValueError as exc:
            return answer_error(exc)
        return Response(result.response(request.build_absolute_uri("/")))
