"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path

from battleship_site.limits import login_attempts, password_changes

urlpatterns = [
    path("", include("core.urls")),
    path("", include("games.urls")),
    path("", include("sector.urls")),
    path("", include("daily.urls")),
    path("", include("friends.urls")),
    path("", include("strangers.urls")),
    path("", include("accounts.urls")),
    path("", include("learn.urls")),
    # The admin's own password checks, under the same limits as the site's (matched first;
    # the admin's names for them still resolve to these addresses).
    path("admin/login/", login_attempts(admin.site.login)),
    path(
        "admin/password_change/",
        password_changes(admin.site.admin_view(admin.site.password_change, cacheable=True)),
    ),
    path("admin/", admin.site.urls),
]

# Errors met outside a view (an outage reading the session, say) are a 503, not a 500.
handler500 = "battleship_site.outages.server_error"
