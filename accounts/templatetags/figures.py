"""Filters that write the statistics' figures the way a person reads them."""

from __future__ import annotations

from datetime import timedelta

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from battleship.classic.sentences import duration

register = template.Library()

NONE = "\N{EN DASH}"


@register.filter
def percent(value: float | None) -> str:
    """``42%`` (``42 %`` in German and French), or a dash when there is nothing to divide by
    yet."""
    if value is None:
        return NONE
    return gettext("%(number)s%%") % {"number": number_format(round(value), 0)}


@register.filter
def decimal(value: float | None, places: int = 1) -> str:
    """``12.3`` (``12,3`` in German, French and Spanish), or a dash."""
    return NONE if value is None else number_format(value, places)


@register.filter
def duration_words(value: timedelta) -> str:
    """``15 minutes``, ``1 hour``, ``1 hour 30 minutes``."""
    hours, minutes = divmod(round(value.total_seconds() / 60), 60)
    parts = [ngettext("%d hour", "%d hours", hours) % hours] if hours else []
    if minutes or not hours:
        parts.append(ngettext("%d minute", "%d minutes", minutes) % minutes)
    return " ".join(parts)


@register.filter
def minutes_seconds(seconds: float) -> str:
    """``4 min 05 s`` or ``38 s``, as the end of a game says it."""
    return duration(seconds)


@register.filter
def percent_of(part: int, whole: int) -> str:
    """``{{ hits|percent_of:shots }}``: ``42%``, or a dash for no shots."""
    return percent(100 * part / whole if whole else None)
