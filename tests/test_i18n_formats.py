"""Dates and numbers in the reader's locale (issue 12, item 5): Babel for ru and pt_BR,
English as receipts and reminders write it; the template filters say the same."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adjudicator.render import environment, format_deadline, format_number

NOON = datetime(2027, 1, 7, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "2027-01-07 12:00 UTC"),
        ("ru", "7 янв. 2027\xa0г., 12:00 UTC"),
        ("pt_BR", "7 de jan. de 2027 às 12:00 UTC"),
    ],
)
def test_a_deadline_in_each_language(lang: str, expected: str) -> None:
    assert format_deadline(NOON, lang) == expected
    assert format_deadline("2027-01-07T12:00:00Z", lang) == expected  # as game.yaml holds it


@pytest.mark.parametrize(
    ("lang", "zone", "expected"),
    [
        ("en", "Europe/Berlin", "2027-01-07 12:00 UTC (13:00 CET in Europe/Berlin)"),
        ("en", "Pacific/Auckland", "2027-01-07 12:00 UTC (Fri 01:00 NZDT in Pacific/Auckland)"),
        ("ru", "Europe/Moscow",
         "7 янв. 2027\xa0г., 12:00 UTC (15:00 по московскому времени)"),
        ("ru", "Pacific/Auckland",
         "7 янв. 2027\xa0г., 12:00 UTC (8 янв., 01:00 по местному времени, Новая Зеландия)"),
        ("pt_BR", "America/Sao_Paulo",
         "7 de jan. de 2027 às 12:00 UTC (09:00 no horário de Brasília)"),
        ("pt_BR", "Europe/Berlin",
         "7 de jan. de 2027 às 12:00 UTC (13:00 no horário da Europa Central)"),
        ("ru", "Mars/Olympus", "7 янв. 2027\xa0г., 12:00 UTC"),  # an unknown zone is left out
        ("pt_BR", "UTC", "7 de jan. de 2027 às 12:00 UTC"),  # UTC itself is said once, not
        ("ru", "Etc/UTC", "7 янв. 2027\xa0г., 12:00 UTC"),  # «Região desconhecida (UTC)»
    ],
)  # fmt: skip
def test_the_readers_local_time_beside_it(lang: str, zone: str, expected: str) -> None:
    assert format_deadline(NOON, lang, zone) == expected


def test_a_local_time_on_another_day_names_its_date_in_russian() -> None:
    """«(чт 02:00 по московскому времени)» read like a form; the local date, as the UTC one
    is written, reads as a sentence (issue 20). Receipts, reports and mail say it alike."""
    from adjudicator.publish.notices import when

    late = datetime(2027, 1, 6, 23, 0, tzinfo=UTC)
    assert format_deadline(late, "ru", "Europe/Moscow") == (
        "6 янв. 2027\xa0г., 23:00 UTC (7 янв., 02:00 по московскому времени)"
    )
    assert when(late, "Europe/Moscow", "ru") == format_deadline(late, "ru", "Europe/Moscow")
    assert format_deadline(late, "en", "Europe/Moscow") == (
        "2027-01-06 23:00 UTC (Thu 02:00 MSK in Europe/Moscow)"
    )


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "12345.5"), ("ru", "12\xa0345,5"), ("pt_BR", "12.345,5")]
)
def test_numbers(lang: str, expected: str) -> None:
    assert format_number(12345.5, lang) == expected
    assert format_number(7, lang) == "7"
    env = environment("westeros", "md", lang)
    assert env.from_string("{{ n | number }}").render(n=12345.5) == expected
    assert env.from_string("{{ d | deadline }}").render(d=NOON) == format_deadline(NOON, lang)
