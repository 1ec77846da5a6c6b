from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Reviews"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from groundgate.services.signals import cases_changed
        from reviews.queue import on_cases_changed

        cases_changed.connect(on_cases_changed, dispatch_uid="reviews.queue")
