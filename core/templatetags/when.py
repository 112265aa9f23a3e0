"""Times as people say them."""

from datetime import datetime

from django import template
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.utils import timezone
from django.utils.translation import gettext

register = template.Library()


@register.filter
def ago(moment: datetime | None) -> str:
    """``"just now"`` under a minute (``timesince`` says "0 minutes"), else ``"5 minutes ago"``."""
    if moment is None:
        return ""
    if (timezone.now() - moment).total_seconds() < 60:
        return gettext("just now")
    # Humanize's words, in the page's language ("vor 5 Minuten", "il y a 5 minutes").
    return str(naturaltime(moment))


@register.filter
def machine_time(moment: datetime | None) -> str:
    """A moment as a ``<time datetime>`` gives it: ISO 8601 to the second (HTML allows at
    most three digits of a second's fraction; ``date:'c'`` writes six)."""
    return moment.replace(microsecond=0).isoformat() if moment else ""
