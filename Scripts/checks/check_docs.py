#!/usr/bin/env python3
"""Checks the documentation against the tree: every module folder under Sources/ is named in
ARCHITECTURE.md, every relative link in README.md, ARCHITECTURE.md, BENCHMARKS.md and docs/
resolves (the file exists, and an #anchor names one of its headings), every page of docs/ is
linked from README.md and links back to it, and README.md stays a front door (at most 400 lines).

Usage: Scripts/checks/check_docs.py [ROOT]. Prints one line per problem and exits 1 when there is any."""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent.parent)
README_MAX_LINES = 400
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def prose(text):
    """The lines of a Markdown file outside its fenced code blocks."""
    inside = False
    for line in text.splitlines():
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield line


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    return {slug(line.lstrip("#")) for line in prose(path.read_text()) if re.match(r"#{1,6} ", line)}


def links(path):
    for number, line in enumerate(path.read_text().splitlines(), 1):
        for target in LINK.findall(line):
            yield number, target


def main():
    problems = []
    pages = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "BENCHMARKS.md"] + sorted((ROOT / "docs").glob("*.md"))
    for page in pages:
        if not page.exists():
            problems.append(f"{page.relative_to(ROOT)}: missing")
            continue
        for number, target in links(page):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            resolved = (page.parent / file).resolve() if file else page
            where = f"{page.relative_to(ROOT)}:{number}"
            if not resolved.exists():
                problems.append(f"{where}: link to {target}: no such file")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                problems.append(f"{where}: link to {target}: no heading with that anchor")

    readme = (ROOT / "README.md").read_text()
    if readme.count("\n") > README_MAX_LINES:
        problems.append(f"README.md: {readme.count(chr(10))} lines; a front door has at most {README_MAX_LINES}")
    for page in sorted((ROOT / "docs").glob("*.md")):
        name = f"docs/{page.name}"
        if f"]({name})" not in readme:
            problems.append(f"README.md: does not link {name}")
        if "](../README.md)" not in page.read_text():
            problems.append(f"{name}: does not link back to README.md")

    architecture = (ROOT / "ARCHITECTURE.md").read_text()
    for folder in sorted(p for p in (ROOT / "Sources").iterdir() if p.is_dir()):
        if f"Sources/{folder.name}" not in architecture:
            problems.append(f"ARCHITECTURE.md: does not name Sources/{folder.name}")

    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
