"""The rules the code cites are in the repository: a page in docs/rules/ for every rule set,
every link of those pages leading to a file (and a heading) that is there, and no file
citing the documents the project was made from, which are not in it."""

import re
from pathlib import Path

import pytest

from battleship.classic.variants import VARIANTS
from tests.web.test_docs_links import LINK, anchors

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
PAGES = sorted(RULES.glob("*.md"))
INDEX = RULES / "README.md"
THIS = Path(__file__).resolve()

# "rules/004", "decision 14", "decisions 15-20", "003's", "(002)": the old names of those
# documents and of the decisions recorded beside them. docs/rules/README.md maps them to
# the pages, so it is the one file that may still say them.
MISSING_DOCUMENT = re.compile(
    r"rules/00[0-4]|shared/rules|\bdecisions? \d|(?<![\w,.])00[0-4]\b", re.IGNORECASE
)
SCANNED = (".py", ".md", ".html", ".txt", ".toml", ".js", ".css")
SKIPPED = {".git", ".venv", "node_modules", "migrations", "staticfiles", "locale"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_of_the_rules_pages_leads_somewhere(page):
    for link in LINK.findall(page.read_text()):
        if link.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f"{page.name}: {link}"
        if fragment:
            assert fragment in anchors(target), f"{page.name}: {link}"


def test_every_rule_set_and_page_is_in_the_index():
    index = INDEX.read_text()
    for name in VARIANTS:
        assert f"`{name}`" in index, name
    for page in PAGES:
        if page != INDEX:
            assert f"]({page.name})" in index, page.name


def test_nothing_cites_a_document_that_is_not_in_the_repository():
    cited = []
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if path.suffix not in SCANNED or parts & SKIPPED or path in (INDEX, THIS):
            continue
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if MISSING_DOCUMENT.search(line):
                cited.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not cited, "\n".join(cited)
