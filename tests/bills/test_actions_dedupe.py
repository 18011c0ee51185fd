"""The action de-duplication rule (apps/bills/parsing/actions.py), case by case, then on real files."""

from apps.bills.parsing.actions import RawAction, dedupe_actions


def act(date, text, *, time="", code="", source="Library of Congress", votes=()):
    return RawAction(
        date=date,
        time=time,
        text=text,
        action_type="Floor",
        code=code,
        source_system=source,
        votes=list(votes),
    )


def test_library_of_congress_copy_with_prefix_merges_with_the_floor_copy():
    newest_first = [
        act(
            "2025-03-27",
            "On passage Passed (Roll no. 77).",
            time="10:18:20",
            code="H37100",
            source="House floor actions",
        ),
        act(
            "2025-03-27",
            "Passed/agreed to in House: On passage Passed (Roll no. 77).",
            time="10:18:20",
            code="8000",
        ),
    ]
    (merged,) = dedupe_actions(newest_first)
    assert merged.text == "Passed/agreed to in House: On passage Passed (Roll no. 77)."
    assert merged.code == "8000,H37100"
    assert merged.source_system == "Library of Congress, House floor actions"


def test_same_text_at_different_times_stays_two_events():
    newest_first = [
        act("2021-03-03", "The House resumed consideration.", time="21:30:32"),
        act("2021-03-03", "The House resumed consideration.", time="18:15:46"),
    ]
    assert [a.time for a in dedupe_actions(newest_first)] == ["18:15:46", "21:30:32"]


def test_a_copy_without_time_joins_the_timed_copy_and_output_is_oldest_first():
    newest_first = [
        act("2025-05-09", "Became Public Law No: 119-7.", code="E40000"),
        act("2025-05-09", "Became Public Law No: 119-7.", code="36000"),
        act("2025-04-03", "Passed Senate.", source="Senate", votes=[{"vote_id": "senate:119:2025:162"}]),
        act("2025-04-03", "Passed/agreed to in Senate: Passed Senate.", code="17000"),
        act("2025-01-16", "Introduced in House", code="1000"),
    ]
    merged = dedupe_actions(newest_first)
    assert [(a.date, a.code) for a in merged] == [
        ("2025-01-16", "1000"),
        ("2025-04-03", "17000"),
        ("2025-05-09", "36000,E40000"),
    ]
    assert merged[1].votes == [{"vote_id": "senate:119:2025:162"}]
