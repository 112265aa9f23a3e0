"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
]

# Errors met outside a view (an outage reading the session, say) are a 503, not a 500.
handler500 = "battleship_site.outages.server_error"
