"""Routes of accounts (Django's own auth views, our templates) and of a player's record."""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views

urlpatterns = [
    path("signup", views.signup, name="signup"),
    path("login", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout", auth_views.LogoutView.as_view(), name="logout"),
    path("password", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("stats", views.statistics, name="statistics"),
    path("history", views.history, name="history"),
    path("history/<uuid:game_id>/", views.replay, name="replay"),
    path("leaderboard", views.leaderboard, name="leaderboard"),
]
