from django.apps import AppConfig


class GroundGateConfig(AppConfig):
    name = "groundgate"
    verbose_name = "GroundGate"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Importing the Celery app here binds shared tasks to it in every process.
        # <id:...> in URLs: ids that fit the database (groundgate.services.untrusted).
        from django.db.models.signals import pre_delete
        from django.urls import register_converter

        from groundgate import celery_app  # noqa: F401
        from groundgate.models import Dataset, Document
        from groundgate.services.untrusted import DbIdConverter
        from groundgate.services.word_vectors import on_chunks_deleted

        register_converter(DbIdConverter, "id")
        # A deleted dataset's or document's words no chunk uses any more lose their vectors.
        for model in (Dataset, Document):
            pre_delete.connect(on_chunks_deleted, sender=model, dispatch_uid=f"words-{model}")
