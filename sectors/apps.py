from django.apps import AppConfig


class SectorsConfig(AppConfig):
    name = "sectors"
    verbose_name = "Sector battles"
    default_auto_field = "django.db.models.BigAutoField"
