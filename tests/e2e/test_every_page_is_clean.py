"""Every page and state, at a desktop's width and a phone's (in light and dark): axe-core finds
no accessibility violation at all, and nothing makes the page scroll sideways.

axe-core is the npm package pinned in package.json (``make test`` installs it into
node_modules/); the test puts it into each page itself, the site never loads it.
"""

import json
import weakref

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.conftest import unexpected
from tests.e2e.tour import AXE, tour

pytestmark = pytest.mark.django_db(transaction=True)

# Every rule axe-core runs by default, best practices included (landmarks, headings,
# regions), and the experimental one that a control's name contains its visible text.
AXE_RUN = """async () => {
  const result = await axe.run(document, {
    resultTypes: ["violations"],
    rules: {"label-content-name-mismatch": {enabled: true}},
  });
  return result.violations.map(v => ({
    id: v.id, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary),
  }));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.exists(), f"{AXE} is missing: `make test` installs it (npm ci)"
    return AXE.read_text()


# The contexts axe-core is put into each new page of, by the browser itself: sent once over
# the DevTools protocol instead of once a page (550 kB each time).
_PRELOADED: "weakref.WeakSet[BrowserContext]" = weakref.WeakSet()


def check(page: Page, axe_source: str) -> list[str]:
    problems = []
    # Evaluated by the test over the DevTools protocol: the page's content security policy,
    # which allows no script but the site's own files, does not apply to it.
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe_source)
        if page.context not in _PRELOADED:
            page.context.add_init_script(axe_source)
            _PRELOADED.add(page.context)
    for violation in page.evaluate(AXE_RUN):
        problems.append(f"axe {violation['id']} ({violation['help']}): {violation['nodes']}")
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    if overflow > 0:
        problems.append(f"scrolls {overflow} px sideways")
    return problems


PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}


def test_no_page_has_an_accessibility_violation_or_scrolls_sideways(
    live_server, page: Page, console_errors, axe_source
):
    """Each state at a phone's size in light and dark, and at a desktop's. The tour is walked
    once, on the phone (its clicks where a phone's are); each state is then looked at in
    the other two ways before the tour goes on."""
    page.set_viewport_size(PHONE)
    found = {}
    for state in tour(page, live_server.url):
        for name, viewport, scheme in [
            ("375x800 light", PHONE, "light"),
            ("375x800 dark", PHONE, "dark"),
            ("1280x900 light", DESKTOP, "light"),
        ]:
            page.set_viewport_size(viewport)
            page.emulate_media(color_scheme=scheme)
            if problems := check(page, axe_source):
                found[f"{state}, {name}"] = problems
        page.set_viewport_size(PHONE)
    assert found == {}, json.dumps(found, indent=1)
    assert unexpected(console_errors, refused=[400, 404]) == []
