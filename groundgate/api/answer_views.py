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

from groundgate.access import Action, dataset_for
from groundgate.api.errors import bad_request
from groundgate.api.gate_views import error_responses
from groundgate.api.params import dataset_from_query
from groundgate.pipeline.package import PublicResponse
from groundgate.pipeline.select import R2ValidationError
from groundgate.services.answering import (
    BundleConflict,
    answer_question,
    answer_retrieval_bundle,
    provider_for,
)


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
        dataset = (
            dataset_for(user=request.user, slug=data["dataset"], action=Action.GATE)
            if data.get("dataset")
            else dataset_from_query(request)
        )
        try:
            provider = provider_for(data.get("provider"))
            if "retrieval_bundle" in data:
                result = answer_retrieval_bundle(
                    dataset=dataset, data=data["retrieval_bundle"], provider=provider
                )
            else:
                result = answer_question(
                    dataset=dataset, question=data["question"], provider=provider
                )
        except R2ValidationError as exc:
            field = f"retrieval_bundle.{exc.field}" if exc.field != "(root)" else "retrieval_bundle"
            return bad_request([{"field": field, "message": str(exc)}])
        except BundleConflict as exc:
            errors = [{"field": "retrieval_bundle.request_id", "message": str(exc)}]
            return Response({"detail": str(exc), "errors": errors}, status=409)
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            return bad_request([{"field": field if message else "provider", "message": str(exc)}])
        base = request.build_absolute_uri("/")
        return Response(result.run.public.model_dump(mode="json") | result.case_link(base))
