from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = _("Daily challenge")
    default_auto_field = "django.db.models.BigAutoField"
