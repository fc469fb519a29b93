"""Reads an iCalendar file with the icalendar package (not Touchline's code) and prints what it
found as JSON, for the Swift tests to check: the calendar's properties, every VEVENT with its
values decoded (dates and times with their value type and whether they are in UTC), and every
error icalendar recorded while parsing.

    .venv-test/bin/python Tests/Scripts/read_calendar.py fixtures.ics
"""
import datetime
import json
import sys

import icalendar


def moment(value):
    if isinstance(value, datetime.datetime):
        utc = value.tzinfo is not None and value.utcoffset() == datetime.timedelta(0)
        return {"type": "date-time", "value": value.strftime("%Y-%m-%dT%H:%M:%S"), "utc": utc}
    return {"type": "date", "value": value.isoformat(), "utc": False}


def optional(component, name):
    return str(component[name]) if name in component else None


def main(path):
    # X-WR-CALNAME is TEXT by use (Apple, Google); icalendar keeps unknown X- properties raw.
    icalendar.Calendar.types_factory.types_map["x-wr-calname"] = "text"
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    errors = []
    for component in calendar.walk():
        errors += [f"{component.name}: {name}: {error}" for name, error in component.errors]
    events = []
    for event in calendar.walk("VEVENT"):
        events.append({
            "uid": str(event["UID"]),
            "summary": str(event["SUMMARY"]),
            "location": optional(event, "LOCATION"),
            "description": optional(event, "DESCRIPTION"),
            "status": str(event["STATUS"]),
            "sequence": int(event.decoded("SEQUENCE")),
            "start": moment(event.decoded("DTSTART")),
            "end": moment(event.decoded("DTEND")),
            "stamp": moment(event.decoded("DTSTAMP")),
            "lastModified": moment(event.decoded("LAST-MODIFIED")),
            "geo": list(event.decoded("GEO")) if "GEO" in event else None,
        })
    print(json.dumps({
        "version": str(calendar["VERSION"]),
        "productID": str(calendar["PRODID"]),
        "method": str(calendar["METHOD"]),
        "scale": str(calendar["CALSCALE"]),
        "name": str(calendar["X-WR-CALNAME"]),
        "errors": errors,
        "events": events,
    }, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
