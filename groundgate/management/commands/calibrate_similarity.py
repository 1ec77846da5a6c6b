"""python manage.py calibrate_similarity QUESTIONS.jsonl --dataset SLUG [--thresholds 0.80,0.82]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.models import Dataset
from groundgate.services.retrieval import retriever_for
from groundgate.services.retrieval_eval import calibrate, load_questions


class Command(BaseCommand):
    help = (
        "Answer/refusal rates per similarity threshold on a question file (JSONL: id, lang, "
        "question, covered, evidence): choose the threshold for your embedding model."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("questions", help="question file (see docs/pipeline.md)")
        parser.add_argument("--dataset", required=True)
        parser.add_argument(
            "--thresholds",
            default="0.76,0.78,0.80,0.82,0.83,0.84,0.85,0.86,0.87,0.88,0.90",
            help="comma-separated thresholds to try",
        )
        parser.add_argument("--embedder", choices=["local", "openai", "none"])

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"dataset: no dataset {options['dataset']!r}")
        try:
            questions = load_questions(options["questions"])
            thresholds = [float(t) for t in options["thresholds"].split(",") if t.strip()]
            retriever = retriever_for(options["embedder"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from None
        table = calibrate(dataset, questions, retriever, thresholds)
        self.stdout.write(
            f"{len(questions)} questions, embedding_model {retriever.embedding_model}; "
            "covered: answered citing the chunk with the fact; uncovered: refused"
        )
        langs = sorted({lang for rows in table.values() for lang in rows})
        heads = "  ".join(f"{lang + ' covered':>12} {lang + ' refused':>12}" for lang in langs)
        self.stdout.write("threshold  " + heads)
        for threshold, rows in table.items():
            cells = "  ".join(
                f"{rows[lang]['answered_right']:>12.0%} {rows[lang]['refused']:>12.0%}"
                for lang in langs
            )
            self.stdout.write(f"{threshold:<9.3f}  {cells}")
