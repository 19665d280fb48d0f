#!/usr/bin/env python3
"""Fails when a module imports one the architecture does not allow (ARCHITECTURE.md, "Who may import whom").

SwiftPM lets a target import any module built before it, not only those it names, so the
rules live here: each module's allowed imports of the project's own modules and packages.
System modules (Foundation, Glibc, Dispatch…) are always allowed. The curses module may be
imported by one file only, the terminal adapter. Prints one line per broken rule; exits 1 if any.
"""
import pathlib
import re
import sys

SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization", "os"}

# Who may import whom. Lower layers first; a module may import only what is listed for it.
ALLOWED = {
    "CGuardedMapping": set(),
    "CNCursesW": set(),
    "CQRencode": set(),
    # The QR encoder: a pure function of text, so a screen may draw its codes.
    "QRCode": {"CQRencode"},
    "HTTP": set(),
    "RoadtripCore": set(),
    "TermUI": {"CNCursesW"},
    "TripFile": {"RoadtripCore", "CGuardedMapping"},
    "Gazetteer": {"RoadtripCore", "HTTP"},
    "Routing": {"RoadtripCore", "HTTP"},
    "Exchange": {"RoadtripCore", "ZIPFoundation"},
    "Itinerary": {"RoadtripCore"},
    "PlaceImport": {"RoadtripCore", "Gazetteer", "Exchange", "SwiftProtobuf"},
    "TripMap": {"RoadtripCore", "TermUI"},
    # The screens reach services only through protocols handed to them by the executable.
    "WaypointEditor": {"RoadtripCore", "TermUI", "Gazetteer"},
    "ScreenKit": {"RoadtripCore", "TermUI", "Exchange"},
    "TripDetail": {
        "RoadtripCore", "TermUI", "WaypointEditor", "TripMap", "Itinerary", "Exchange", "ScreenKit", "QRCode"
    },
    "TripList": {"RoadtripCore", "TermUI", "TripDetail", "Exchange", "ScreenKit"},
    # The executable wires everything together.
    "roadtrip": {
        "RoadtripCore", "TripFile", "TermUI", "TripList", "TripDetail", "WaypointEditor", "ScreenKit",
        "Gazetteer", "Routing", "Exchange", "Itinerary", "TripMap", "PlaceImport", "CGuardedMapping",
        "QRCode", "ArgumentParser", "TOMLKit",
    },
}
CURSES = "CNCursesW"
CURSES_FILE = "Sources/TermUI/Terminal/NCursesTerminal.swift"

IMPORT = re.compile(
    r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|internal|package|private|fileprivate)[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|let|var)[ \t]+)?(\w+)",
    re.M,
)


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent.parent
    sources = root / "Sources"
    problems = []
    for module_dir in sorted(p for p in sources.iterdir() if p.is_dir()):
        module = module_dir.name
        if module not in ALLOWED:
            problems.append(f"Sources/{module}: a module with no import rule; add it to Scripts/checks/check_imports.py and ARCHITECTURE.md")
            continue
        for file in sorted(module_dir.rglob("*.swift")):
            relative = file.relative_to(root).as_posix()
            for imported in IMPORT.findall(file.read_text(encoding="utf-8")):
                if imported in SYSTEM:
                    continue
                if imported == CURSES and relative != CURSES_FILE:
                    problems.append(f"{relative}: imports {CURSES}; only {CURSES_FILE} may")
                elif imported not in ALLOWED[module]:
                    problems.append(f"{relative}: {module} may not import {imported}")
    for line in problems:
        print(f"check_imports: {line}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
