#!/usr/bin/env python3
"""Independent check of `roadtrip itinerary --format ics` with PyPI's icalendar.

Parses the file, resolves every TZID through its VTIMEZONE and checks that the VTIMEZONE gives each
event time the offset the tz database gives it, checks each event's start is before its end (an
event without DTEND is an instant, as RFC 5545 3.6.1 has it), checks that no two events overlap
(the trip is one thing after another), and prints what it read as JSON:
[{"summary", "startEpoch", "endEpoch", "description", "location", "geo"}], so a caller can compare
them with the plan.
Exits 1 with one line per problem, 2 when icalendar is missing.

    Scripts/checks/check_itinerary.py trip.ics
"""
import json
import sys

try:
    import icalendar
except ImportError:
    print("check_itinerary: icalendar is missing; install it with: python3 -m pip install icalendar", file=sys.stderr)
    sys.exit(2)


def zone_problems(where, prop, decoded, zones):
    """A TZID with no VTIMEZONE, or a VTIMEZONE whose offset at this time is not the tz database's."""
    tzid = prop.params.get("TZID")
    if not tzid:
        return []
    if tzid not in zones:
        return [f"{where} names zone {tzid} with no VTIMEZONE"]
    wall = prop.dt.replace(tzinfo=None)
    own, database = zones[tzid].utcoffset(wall), decoded.utcoffset()
    if own != database:
        return [f"{where}: {wall} is {own} from UTC in the file's {tzid}, {database} in the tz database"]
    return []


def main(path):
    problems = []
    with open(path, "rb") as handle:
        raw = handle.read()
    if b"\n" in raw.replace(b"\r\n", b""):
        problems.append(f"{path}: a line ends without CRLF")
    for number, line in enumerate(raw.split(b"\r\n"), 1):
        if len(line) > 75:
            problems.append(f"{path}:{number}: {len(line)} octets, over the 75 of RFC 5545 3.1")
    calendar = icalendar.Calendar.from_ical(raw)
    # The file's own zones, read from its VTIMEZONEs alone (not looked up by name in the tz database).
    zones = {str(z["TZID"]): z.to_tz(lookup_tzid=False) for z in calendar.walk("VTIMEZONE")}
    events = []
    for event in calendar.walk("VEVENT"):
        summary = str(event.get("SUMMARY"))
        keys = [key for key in ("DTSTART", "DTEND") if key in event]
        if "DTSTART" not in keys:
            problems.append(f"{path}: {summary}: no DTSTART")
            continue
        times = {key: event.decoded(key) for key in keys}
        if any(time.tzinfo is None for time in times.values()):
            problems.append(f"{path}: {summary}: a floating time (no zone)")
            continue
        for key in keys:
            problems += zone_problems(f"{path}: {summary}: {key}", event[key], times[key], zones)
        start, end = times["DTSTART"], times.get("DTEND", times["DTSTART"])
        if "DTEND" in times and not start < end:
            problems.append(f"{path}: {summary}: starts {start} and ends {end}")
        geo = event.get("GEO")
        events.append({"summary": summary, "startEpoch": start.timestamp(), "endEpoch": end.timestamp(),
                       "description": str(event.get("DESCRIPTION", "")), "location": str(event.get("LOCATION", "")),
                       "geo": [geo.latitude, geo.longitude] if geo is not None else None})
    ordered = sorted(events, key=lambda e: (e["startEpoch"], e["endEpoch"]))
    for before, after in zip(ordered, ordered[1:]):
        if after["startEpoch"] < before["endEpoch"]:
            problems.append(f"{path}: {after['summary']} starts before {before['summary']} ends")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps(events, ensure_ascii=False, indent=1))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(sys.argv[1])
