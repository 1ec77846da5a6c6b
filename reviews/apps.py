from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Reviews"
    default_auto_field = "django.db.models.BigAutoField"
