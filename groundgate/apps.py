from django.apps import AppConfig


class GroundGateConfig(AppConfig):
    name = "groundgate"
    verbose_name = "GroundGate"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Importing the Celery app here binds shared tasks to it in every process.
        # <id:...> in URLs: ids that fit the database (groundgate.services.untrusted).
        from django.urls import register_converter

        from groundgate import celery_app  # noqa: F401
        from groundgate.services.untrusted import DbIdConverter

        register_converter(DbIdConverter, "id")
