"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("", include("sectors.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
]
