"""The README stays a few minutes' reading, and every link in it and in docs/ leads to a file
(and a heading) that is there."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a file's headings."""
    found = set()
    for line in path.read_text().splitlines():
        if heading := re.match(r"#+ (.*)", line):
            text = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            found.add(text.replace(" ", "-"))
    return found


def test_the_readme_is_short():
    assert len((ROOT / "README.md").read_bytes()) <= 12 * 1024


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_link_leads_somewhere(document):
    for link in LINK.findall(document.read_text()):
        if link.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, fragment = link.partition("#")
        target = (document.parent / path).resolve() if path else document
        assert target.exists(), f"{document.name}: {link}"
        if fragment:
            assert fragment in anchors(target), f"{document.name}: {link}"
