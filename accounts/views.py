"""Views: signing up, and a player's record (statistics, history, replays, the leaderboard).

Logging in, out and changing a password are Django's own views with our templates. Every
page about games reads the signed-in player's own games (``Game.objects.filter(owner=...)``
or ``owned_by(request)`` for a replay), so anyone else's history or replay is a 404.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.i18n import set_language
from django_ratelimit.decorators import ratelimit

from accounts import charts
from accounts.forms import SignupForm, StatisticsFilter
from accounts.models import Preferences
from accounts.statistics import statistics_of
from battleship.classic.sentences import duration
from battleship_site.limits import setting
from core.rule_sets import BY_NAME, OFFERED, title_of
from duels.models import PlayerRating, RatingChange
from modes.registry import MODES

HISTORY_PAGE_SIZE = 20
LEADERBOARD_MINIMUM_GAMES = 5
LEADERBOARD_SIZE = 20  # players in the rated table of a rule set


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimit(key="ip", rate=setting("SIGNUP_RATE"), method="POST", block=True)
def signup(request: HttpRequest) -> HttpResponse:
    """A new account; the games played in this browser as a guest become its games."""
    if request.user.is_authenticated:
        return redirect("statistics")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = create_account(request, form)
        if user is not None:
            # Logging in sends user_logged_in, which hands the guest's games over.
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(settings.LOGIN_REDIRECT_URL)
    return TemplateResponse(request, "registration/signup.html", {"form": form})


def create_account(request: HttpRequest, form: SignupForm) -> User | None:
    """The new account, or None with the form told why. The name was free when the form
    checked it, but another request can take it before the insert: most often the same form
    sent twice (a double click). With the same password that is the same sign-up, and this
    answer logs in as the first one did; anyone else is told the name is taken.

    The password is hashed before the transaction (SQLite's write lock is taken as it
    begins, and hashing is a third of a second). The twin is recognised by its password
    directly, not by logging in: a crowd signing up under one name would otherwise count as
    failed logins and lock the name's owner out."""
    user: User = form.save(commit=False)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        username = form.cleaned_data["username"]
        twin = User.objects.filter(username=username).first()
        if twin is not None and twin.check_password(form.cleaned_data["password1"]):
            return twin
        taken = get_user_model()._meta.get_field("username").error_messages["unique"]
        form.add_error("username", taken)
        return None
    return user


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The language switch: Django's ``set_language`` (the cookie, then back to the page),
    and for a signed-in player the language is kept with the account for the next login."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and settings.LANGUAGE_COOKIE_NAME in response.cookies:
        Preferences.remember_language(request.user, language)
    return response


@require_safe
@cache_control(private=True)  # one player's own record: no shared cache keeps it
def statistics(request: HttpRequest) -> TemplateResponse:
    """Overview, per level, shooting, and three charts, of all games or of one level or rule
    set (``?level=3&rules=salvo``); a guest gets a note instead."""
    if not request.user.is_authenticated:
        return TemplateResponse(request, "accounts/statistics.html", {"guest": True})
    chosen = StatisticsFilter(request.GET)
    if not chosen.is_valid():
        return TemplateResponse(
            request, "accounts/statistics.html", {"filter": chosen, "stats": None}, status=400
        )
    mode = chosen.chosen_mode
    games = chosen.games(request)
    games.fill_missing_figures()
    stats = statistics_of(games, only_level=chosen.cleaned_data["level"], mode=mode)
    return TemplateResponse(
        request,
        "accounts/statistics.html",
        {
            "filter": chosen,
            "mode": mode,
            "stats": stats,
            "time_per_game": duration(stats.seconds_per_game or 0),
            "trend": charts.trend(stats.results),
            "distribution": charts.distribution(stats.shots_to_win),
            "heat": charts.heat_map(games.opening_shot_counts(), size=mode.board_size),
            **ratings_of(request.user),
        },
    )


def ratings_of(user: Any) -> dict[str, Any]:
    """The player's ratings (one a rule set, from games against strangers) and the history
    of the one they play most, as a chart."""
    ratings = list(PlayerRating.objects.filter(owner=user).order_by("-games", "rules_name"))
    chart = None
    if ratings:
        most = ratings[0]
        changes = list(
            RatingChange.objects.filter(owner=user, rules_name=most.rules_name).values_list(
                "before", "after"
            )
        )
        if changes:
            chart = charts.rating_history(
                most.rules_name, changes[0][0], [after for _before, after in changes]
            )
    rows = [(rating, title_of(rating.rules_name)) for rating in ratings]
    return {
        "ratings": rows,
        "rating_chart": chart,
        "rating_chart_title": rows[0][1] if rows else "",
    }


@require_safe
@cache_control(private=True)  # one player's own record: no shared cache keeps it
def history(request: HttpRequest) -> TemplateResponse:
    """Finished games of every mode (the statistics' filters: a mode, a level, a rule set),
    newest first, a page at a time; each opens its replay. A guest sees this browser's, with
    a note that an account keeps them."""
    guest = not request.user.is_authenticated
    chosen = StatisticsFilter(request.GET)
    if not chosen.is_valid():
        context = {"filter": chosen, "guest": guest}
        return TemplateResponse(request, "accounts/history.html", context, status=400)
    mode = chosen.chosen_mode
    finished = chosen.games(request).finished()
    finished.fill_missing_figures()
    finished = finished.order_by("-finished_at", "-pk")
    # The page's ids from the index alone (the rows are wide: a deep page would sort
    # thousands of them), then those 20 rows, each holding its game's figures.
    ids = Paginator(finished.values_list("pk", flat=True), HISTORY_PAGE_SIZE)
    page = ids.get_page(request.GET.get("page"))
    # By id alone (they are this player's, picked above): with the owner's conditions too,
    # SQLite may walk the player's whole index range instead of fetching 20 rows.
    games = mode.games().filter(pk__in=list(page)).order_by("-finished_at", "-pk")
    if mode.has_analysis:  # the coach's analysis is no business of a list
        games = games.defer("analysis")
    return TemplateResponse(
        request,
        "accounts/history.html",
        {
            "filter": chosen,
            "guest": guest,
            "mode": mode,
            "page": page,
            "games": games,
            "query": chosen.query,
        },
    )


@require_safe
def leaderboard(request: HttpRequest) -> TemplateResponse:
    """Players by wins against each level of one mode: the classic game under one rule set
    (``?rules=``, the standard rules by default), or the sector battle (``?mode=sector``,
    its own three opponents): usernames and counts, nothing else."""
    mode = MODES.get(request.GET.get("mode", "classic"))
    if mode is None:
        raise Http404("there is no such mode")
    info = BY_NAME.get(request.GET.get("rules", "standard"))
    if info is None or (not mode.rule_sets and "rules" in request.GET):
        raise Http404("there is no such rule set")
    names = mode.level_names()
    levels = sorted(names)
    tables = mode.games().leaderboards(
        levels, LEADERBOARD_MINIMUM_GAMES, rules_name=info.name if mode.rule_sets else None
    )
    boards = [(level, names[level], tables[level]) for level in levels]
    rated = PlayerRating.objects.ranked(info.name)[:LEADERBOARD_SIZE] if mode.rule_sets else None
    context = {
        "rated": rated,
        "boards": boards,
        "minimum": LEADERBOARD_MINIMUM_GAMES,
        "rule_sets": OFFERED,
        "chosen": info,
        "mode": mode,
    }
    return TemplateResponse(request, "accounts/leaderboard.html", context)
