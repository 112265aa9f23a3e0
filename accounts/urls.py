"""Routes of accounts (Django's own auth views, our templates) and of a player's record."""

from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.decorators.http import require_http_methods, require_safe

from accounts import views
from accounts.forms import LoginForm
from battleship_site.limits import login_attempts, password_changes

# Django's form views also take PUT (as a POST with an empty form): pages and forms only.
form_page = require_http_methods(["GET", "HEAD", "POST"])
login_view = form_page(
    login_attempts(
        auth_views.LoginView.as_view(
            authentication_form=LoginForm, redirect_authenticated_user=True
        )
    )
)
password_change_view = form_page(password_changes(auth_views.PasswordChangeView.as_view()))

urlpatterns = [
    path("language", views.choose_language, name="set_language"),
    path("signup", views.signup, name="signup"),
    path("login", login_view, name="login"),
    path("logout", auth_views.LogoutView.as_view(), name="logout"),
    path("password", password_change_view, name="password_change"),
    path(
        "password/done",
        require_safe(auth_views.PasswordChangeDoneView.as_view()),
        name="password_change_done",
    ),
    path("stats", views.statistics, name="statistics"),
    path("history", views.history, name="history"),
    path("leaderboard", views.leaderboard, name="leaderboard"),
]
