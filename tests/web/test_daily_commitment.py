"""The daily challenge's commitment: each day's fleet sealed by a fingerprint published the
day before, nothing of its salt sent while the day lasts, unsealed once it is over."""

import hashlib
import re
from datetime import timedelta

import pytest

from battleship.classic.commitment import placement_text
from daily import models as daily_models
from daily import views as daily_views
from daily.fleet import day_board, day_salt
from daily.models import today
from tests.web.test_daily import play_out

pytestmark = pytest.mark.django_db


def fleet_text(day):
    return placement_text((s.name, s.start, s.orientation) for s in day_board(day).ships)


def shown(html, name):
    found = re.search(rf'<code id="commitment-{name}">([^<]*)</code>', html)
    return found.group(1) if found else None


def on_day(monkeypatch, day):
    """The site's clock says it is ``day``."""
    monkeypatch.setattr(daily_views, "today", lambda: day)
    monkeypatch.setattr(daily_models, "today", lambda: day)


def test_todays_page_shows_the_days_fingerprint_and_nothing_it_was_made_from(guest):
    day = today()
    before = guest.get("/daily").content.decode()
    last_shot = play_out(guest).content.decode()
    after = guest.get("/daily").content.decode()
    for page in (before, last_shot, after):
        # Even once this player has sunk it, others are still playing: still sealed.
        assert day_salt(day) not in page
        assert fleet_text(day) not in page
        assert shown(page, "salt") is None
    assert "The day's fleet, sealed" in before
    digest = shown(before, "digest")
    assert shown(after, "digest") == digest
    assert digest == hashlib.sha256(f"{fleet_text(day)}\n{day_salt(day)}".encode()).hexdigest()


def test_tomorrows_fingerprint_is_published_today_and_kept_tomorrow(guest, monkeypatch):
    day = today()
    published = shown(guest.get("/daily").content.decode(), "tomorrow")
    assert published is not None
    assert published != shown(guest.get("/daily").content.decode(), "digest")
    on_day(monkeypatch, day + timedelta(days=1))
    assert shown(guest.get("/daily").content.decode(), "digest") == published


def test_a_past_day_is_unsealed_and_hashes_to_the_fingerprint_shown_on_the_day(guest, monkeypatch):
    day = today()
    sealed = shown(guest.get("/daily").content.decode(), "digest")
    on_day(monkeypatch, day + timedelta(days=1))
    page = guest.get(f"/daily/{day.isoformat()}").content.decode()
    placement, salt = shown(page, "placement"), shown(page, "salt")
    assert placement == fleet_text(day)
    assert salt == day_salt(day)
    assert hashlib.sha256(f"{placement}\n{salt}".encode()).hexdigest() == sealed
    assert shown(page, "digest") == sealed
    assert shown(page, "tomorrow") is None  # only today's page publishes the next day's
    # Behind a spoiler warning while this player's practice of the day is unfinished.
    assert "this shows where the ships are" in page


def test_each_day_has_its_own_salt_from_the_secret(settings):
    day = today()
    assert day_salt(day) == day_salt(day)
    assert day_salt(day) != day_salt(day + timedelta(days=1))
    assert re.fullmatch(r"[0-9a-f]{64}", day_salt(day))
    settings.DAILY_SECRET = "another secret"
    assert day_salt(day) != day_salt(day, "yet another")
