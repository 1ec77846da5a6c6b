from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Reviews"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from groundgate.services.signals import cases_changed
        from reviews.queue import on_cases_changed

        cases_changed.connect(on_cases_changed, dispatch_uid="reviews.queue")

        from groundgate.services.outbox import outbox_kind_register
        from groundgate.services.phoenix_outbox import KIND
        from reviews.phoenix_push import OUTBOX_KIND

        outbox_kind_register(KIND, OUTBOX_KIND)
