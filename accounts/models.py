"""What an account remembers besides its games: the language its player chose."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """One account's choices, kept with it so that they follow the player to any browser."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(
        max_length=10,
        blank=True,
        help_text="The language chosen on the site: applied at each login (empty: none chosen).",
    )

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"Preferences of {self.user}"

    @classmethod
    def remember_language(cls, user: models.Model, language: str) -> None:
        cls.objects.update_or_create(user=user, defaults={"language": language})

    @classmethod
    def language_of(cls, user: models.Model) -> str:
        """The account's language, or "" when it has none."""
        return cls.objects.filter(user=user).values_list("language", flat=True).first() or ""
