"""Database-level guard: a case's content cannot change once a gate run is about it."""

from django.db import migrations

from groundgate.models.db_triggers import create_gated_case_trigger, drop_gated_case_trigger


class Migration(migrations.Migration):
    dependencies = [("groundgate", "0007_merge_embeddings_word_boxes_outbox")]
    operations = [
        migrations.RunPython(
            lambda apps, editor: create_gated_case_trigger(editor),
            lambda apps, editor: drop_gated_case_trigger(editor),
        )
    ]
