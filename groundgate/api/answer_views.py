"""POST /api/v1/answer: answer a question from a dataset through the grounded pipeline; the run
is stored as an anchored case for review. Returns the R6 PublicResponse."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.access import Action, dataset_for
from groundgate.api.errors import bad_request
from groundgate.api.gate_views import ErrorBody
from groundgate.api.params import dataset_from_query
from groundgate.pipeline.package import PublicResponse
from groundgate.services.answering import answer_question, provider_for


class AnswerRequest(serializers.Serializer):
    question = serializers.CharField(max_length=2000)
    dataset = serializers.SlugField(required=False)
    provider = serializers.ChoiceField(choices=["extractive", "openai"], required=False)


class AnswerView(APIView):
    @extend_schema(
        operation_id="answer",
        request=AnswerRequest,
        responses={200: PublicResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody},
        tags=["answer"],
    )
    def post(self, request):
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
            result = answer_question(dataset=dataset, question=data["question"], provider=provider)
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            return bad_request([{"field": field if message else "provider", "message": str(exc)}])
        return Response(result.run.public.model_dump(mode="json"))
