"""The sector game (docs/rules/sector.md) on the site: its own games, pages and routes, beside the
classic game's app (``games``), on its own engine (``battleship.sector``)."""
