"""Every page describes itself to search engines and link previews: one
``<meta name="description">``, in the page's language, on every address the site has."""

import re
from html import unescape

from django.conf import settings
from django.test import Client

from tests.web.site_urls import Things, every_address

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def descriptions(client, things, language):
    said = {}
    for address in every_address():
        if address.admin:
            continue
        url = things.url(address)
        response = client.get(url, headers={"accept-language": language})
        if response.status_code != 200 or response.streaming:
            continue  # a form's address, a page sent on, or an event stream (not a page)
        if b"<!doctype html>" not in response.content[:20]:
            continue
        found = DESCRIPTION.findall(response.content.decode())
        assert len(found) == 1, (language, url, found)
        said[url] = unescape(found[0])
        assert len(said[url]) > 40, (language, url, said[url])
    return said


def test_every_page_has_a_description_in_its_language(db):
    client = Client()
    things = Things.of(client)
    english = descriptions(client, things, "en-gb")
    assert len(english) > 20
    assert english["/daily"] != english["/"]  # some pages say what they are about
    assert english["/rules/standard"] != english["/"]
    for language, _name in settings.LANGUAGES[1:]:
        translated = descriptions(client, things, language)
        assert translated.keys() == english.keys()
        for url, text in translated.items():
            assert text != english[url], (language, url, text)
