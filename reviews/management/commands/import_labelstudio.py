"""python manage.py import_labelstudio FILE --dataset SLUG --reviewer USERNAME
                                      [--label-studio URL]   (token: LABEL_STUDIO_API_KEY)

Label Studio's JSON export of a project made from GroundGate's tasks, read back as reviews
(and corrections where the evidence boxes were redrawn): reviews/labelstudio_import.py. With
--label-studio, Label Studio's users API names each annotator by email, and the GroundGate user
with that email is the reviewer; the summary says who was mapped to whom."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.integrations.labelstudio.users import (
    LabelStudioError,
    LabelStudioUser,
    label_studio_users,
)
from groundgate.models import Dataset
from reviews.labelstudio_import import labelstudio_export_parse, labelstudio_import


class Command(BaseCommand):
    help = "Import Label Studio annotations (its JSON export) as reviews of a dataset's cases."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="Label Studio's JSON export of the project")
        parser.add_argument("--dataset", required=True, help="the dataset the tasks came from")
        parser.add_argument(
            "--reviewer",
            required=True,
            help="GroundGate user the reviews are by, unless a user has the annotator's email",
        )
        parser.add_argument(
            "--label-studio",
            metavar="URL",
            default="",
            help="Label Studio's address: its users API maps annotators to GroundGate users by "
            "email (API token in LABEL_STUDIO_API_KEY)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"no dataset {options['dataset']!r}")
        reviewer = get_user_model().objects.filter(username=options["reviewer"]).first()
        if reviewer is None:
            raise CommandError(f"no user {options['reviewer']!r}")
        path = Path(options["file"])
        try:
            size = path.stat().st_size
            if size > settings.GROUNDGATE_LABELSTUDIO_MAX_BYTES:
                raise CommandError(
                    f"{path}: {size} bytes, more than GROUNDGATE_LABELSTUDIO_MAX_BYTES"
                )
            tasks = labelstudio_export_parse(path.read_bytes())
        except OSError as exc:
            raise CommandError(f"{path}: cannot read: {exc.strerror}") from None
        except ValueError as exc:
            raise CommandError(f"{path}: {exc}") from None
        users: dict[int, LabelStudioUser] = {}
        if options["label_studio"]:
            try:
                users = label_studio_users(
                    options["label_studio"], os.environ.get("LABEL_STUDIO_API_KEY", "")
                )
            except LabelStudioError as exc:
                raise CommandError(f"Label Studio's users: {exc}") from None
        report = labelstudio_import(dataset=dataset, tasks=tasks, reviewer=reviewer, users=users)
        for problem in report.problems:
            self.stderr.write(problem)
        for line in report.annotator_lines(reviewer.get_username()):
            self.stdout.write(line)
        self.stdout.write(
            f"{report.imported} reviews imported ({report.corrected} with corrected evidence), "
            f"{report.unchanged} imported before, {len(report.problems)} problems"
        )
