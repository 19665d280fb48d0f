#!/usr/bin/env python3
"""Counts each module's `public` declarations and `@unchecked Sendable` types, and holds them to a budget.

A module's surface is what other modules may use; it should grow only on purpose. The budget
(Scripts/checks/surface_budget.tsv) is the count when it was last looked at: a module over it fails,
naming the budget to raise if the growth is meant. Every `@unchecked Sendable` must say why the
compiler's check is waived, in a `// @unchecked:` comment within three lines of it.

    Scripts/checks/check_surface.py            check (make lint)
    Scripts/checks/check_surface.py --update   write the current counts as the budget
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
BUDGET = ROOT / "Scripts" / "checks" / "surface_budget.tsv"
PUBLIC = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:public|open)\s", re.M)
UNCHECKED = "@unchecked Sendable"


def count() -> tuple[dict[str, tuple[int, int]], list[str]]:
    counts, problems = {}, []
    for module in sorted(p for p in (ROOT / "Sources").iterdir() if p.is_dir()):
        public = unchecked = 0
        for file in sorted(module.rglob("*.swift")):
            text = file.read_text(encoding="utf-8")
            public += len(PUBLIC.findall(text))
            lines = text.split("\n")
            for i, line in enumerate(lines):
                if UNCHECKED not in line or line.lstrip().startswith("//"):
                    continue
                unchecked += 1
                near = lines[max(0, i - 3) : i + 4]
                if not any("// @unchecked:" in n for n in near):
                    problems.append(f"{file.relative_to(ROOT)}:{i + 1}: @unchecked Sendable without a `// @unchecked:` reason")
        counts[module.name] = (public, unchecked)
    return counts, problems


def main() -> int:
    counts, problems = count()
    if sys.argv[1:] == ["--update"]:
        rows = ["# module\tpublic declarations\t@unchecked Sendable (budget; lower it when a count falls)"]
        rows += [f"{m}\t{p}\t{u}" for m, (p, u) in counts.items()]
        BUDGET.write_text("\n".join(rows) + "\n", encoding="utf-8")
        return 0
    budget = {}
    for row in BUDGET.read_text(encoding="utf-8").splitlines():
        if row and not row.startswith("#"):
            module, public, unchecked = row.split("\t")
            budget[module] = (int(public), int(unchecked))
    total_public = sum(p for p, _ in counts.values())
    total_unchecked = sum(u for _, u in counts.values())
    for module, (public, unchecked) in counts.items():
        allowed = budget.get(module, (0, 0))
        if public > allowed[0]:
            problems.append(f"{module}: {public} public declarations, budget {allowed[0]}: make what no other module uses internal, or raise the budget in {BUDGET.name}")
        if unchecked > allowed[1]:
            problems.append(f"{module}: {unchecked} @unchecked Sendable, budget {allowed[1]}: use Mutex, an actor or a value type")
    for line in problems:
        print(f"check_surface: {line}")
    print(f"check_surface: {total_public} public declarations, {total_unchecked} @unchecked Sendable in {len(counts)} modules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
