"""``{% learn_board figure %}``: one drawn board of a learning page (``learn/_board.html``)."""

from typing import Any

from django import template

from learn.figures import Figure

register = template.Library()


@register.inclusion_tag("learn/_board.html")
def learn_board(figure: Figure) -> dict[str, Any]:
    return {"figure": figure, "board": figure.diagram}
