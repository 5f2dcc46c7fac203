"""Hugo Blox faults found on real homepages and lab sites (round 17): Academic's talks
dated by `time_start`."""
from __future__ import annotations

from pathlib import Path

from test_import_hugoblox import blox, messages

TALK = """+++
#date = 2017-11-08T00:00:00  # Schedule page publish date.
title = "Volatiles of tea plants"
time_start = 2017-11-08T13:00:00
time_end = 2017-11-09T15:00:00
event = "Data Symposium"
location = "Medford, MA"
+++
"""
PUBLISHED_LATER = """---
title: Leafhoppers and tea
date: 2020-01-08
time_start: "2019-05-14T19:30:00-04:00"
event: Entomological Club
---

We sampled tea leaves.
"""


def test_a_talk_dated_by_time_start_only(tmp_path: Path) -> None:
    """Academic's talks gave the event's day in `time_start` (its lists showed
    `.Params.time_start | default .Date`); one whose `date` was commented out, or
    empty, was left out as "a talk without a date". It is dated by `time_start`, and
    ends on `time_end`'s day."""
    imported = blox(tmp_path, {"content/talk/disc-poster.md": TALK})
    assert not any("without a date" in m for _, m in messages(imported))
    text = (imported.dest / "content" / "talks" / "disc-poster.md").read_text("utf-8")
    assert "date: 2017-11-08T13:00:00" in text
    assert "end_date: 2017-11-09" in text


def test_a_talk_s_time_start_before_its_date(tmp_path: Path) -> None:
    """A talk's `date` was when its page was published (2020), `time_start` the talk
    (2019): Academic showed the talk's day, Lanting the page's."""
    imported = blox(tmp_path, {"content/talk/leafhopper.md": PUBLISHED_LATER})
    text = (imported.dest / "content" / "talks" / "leafhopper.md").read_text("utf-8")
    assert "date: 2019-05-14T19:30:00-04:00" in text
