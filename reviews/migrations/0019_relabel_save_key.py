"""A relabel saved once, as a review is (d729): its save key and the unique key on it.

SQLite adds a column by rebuilding the table, which drops its triggers: the append-only trigger
of reviews_relabel is made again here, and so is reviews_review's, which 0018's rebuild dropped
(a raw UPDATE of a review went through on SQLite since then; PostgreSQL kept both)."""

from django.conf import settings
from django.db import migrations, models

from groundgate.models.db_triggers import create_append_only_triggers, drop_append_only_triggers

TABLES = ["reviews_review", "reviews_relabel"]


def triggers_again(apps, editor):
    drop_append_only_triggers(editor, TABLES)
    create_append_only_triggers(editor, TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ("groundgate", "0011_word_vector"),
        ("reviews", "0018_review_save_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="relabel",
            name="save_key",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddConstraint(
            model_name="relabel",
            constraint=models.UniqueConstraint(
                condition=models.Q(("save_key", ""), _negated=True),
                fields=("admin", "save_key"),
                name="relabel_save_key_once",
            ),
        ),
        migrations.RunPython(triggers_again, triggers_again),
    ]
