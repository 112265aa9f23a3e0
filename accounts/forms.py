"""Django's sign-up and log-in forms, showing back at most a short excerpt of a username."""

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm


class ExcerptInput(forms.TextInput):
    """A text box that shows back what was typed cut to ``length``: a refused 2 MB name is
    not worth sending back whole (nor can any longer value be a valid one)."""

    def __init__(self, length: int, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.length = length

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        return text[: self.length] if text else text


def cut_username(form: forms.Form) -> None:
    field = form.fields["username"]
    length = getattr(field, "max_length", None) or 150
    field.widget = ExcerptInput(length, field.widget.attrs)


class LoginForm(AuthenticationForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cut_username(self)


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cut_username(self)
