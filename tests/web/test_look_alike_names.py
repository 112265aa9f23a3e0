"""A name that passes for another by mixing look-alike letters of two alphabets ("admin" with
its "a" Cyrillic) is refused, for an account and for a guest's name in a friend game, in the
page's language; names written the way a language writes them are not."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from duels.models import Duel
from tests.web.conftest import PASSWORD
from tests.web.friends_helpers import invite

# Cyrillic a (U+0430) and i (U+0456), a Greek capital omega, among Latin letters.
LOOK_ALIKES = ["\u0430dmin", "Dmitr\u0456", "\u03a9mega", "p\u0430ypal"]
EVERYDAY = ["admin", "José", "Дмитрий", "Σοφία", "山田はなこ", "Kim 김민수", "O'Brien"]
REFUSED = {
    "en": "mixes letters of different alphabets",
    "de": "mischt Buchstaben verschiedener Alphabete",
    "fr": "mélange des lettres d\u2019alphabets différents",
    "es": "mezcla letras de alfabetos distintos",
}


def sign_up(client: Client, name: str):
    return client.post("/signup", {"username": name, "password1": PASSWORD, "password2": PASSWORD})


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_an_account_name_of_look_alike_letters_is_refused(db, name):
    response = sign_up(Client(), name)
    assert response.status_code == 200
    assert REFUSED["en"] in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("name", [n for n in EVERYDAY if " " not in n and "'" not in n])
def test_an_account_name_in_one_alphabet_or_an_everyday_mix_is_taken(db, name):
    response = sign_up(Client(), name)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert get_user_model().objects.filter(username=name).exists()


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_guests_name_of_look_alike_letters_is_refused_to_host_and_friend(db, name):
    response = Client().post("/friend/invites", {"rules": "standard", "name": name})
    assert response.status_code == 400
    assert REFUSED["en"] in response.content.decode()
    game = invite(Client())
    response = Client().post(f"/friend/{game.token}/join", {"name": name})
    assert response.status_code == 400
    assert REFUSED["en"] in response.content.decode()
    assert Duel.objects.get(pk=game.pk).status == "waiting"


@pytest.mark.parametrize("name", EVERYDAY)
def test_a_guests_everyday_name_is_taken(db, name):
    game = invite(Client())
    assert Client().post(f"/friend/{game.token}/join", {"name": name}).status_code == 302
    assert Duel.objects.get(pk=game.pk).name_of(1) == name


@pytest.mark.parametrize("language", sorted(REFUSED))
def test_the_refusal_is_in_the_pages_language(db, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    assert REFUSED[language] in sign_up(client, LOOK_ALIKES[0]).content.decode()
