from django.apps import AppConfig


class StrangersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "strangers"
    verbose_name = "Games between strangers"
