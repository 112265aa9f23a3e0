"""The language switch's choices."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def language_choices() -> list[tuple[str, str]]:
    """Each language the site offers, named in itself ("Deutsch", "Français"): unlike
    ``get_available_languages``, whose names Django translates into the current language."""
    return list(settings.LANGUAGES)
