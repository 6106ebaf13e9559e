"""Issue 17, points 8 and 18: order files in every encoding Notepad writes, and what the
inbox holds that a run does not read."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.inbox.files import UnreadableFile, decode_order_file
from tests.conftest import SAMPLE_ORDERS, cli, order_file, password

NOW = "2027-01-01T13:00Z"
RUSSIAN = (
    "дом: Старк\nпароль: {pw}\nВинтерфелл: поход +1\nБелая Гавань: защита\nДрожащее море: набег\n"
)
PORTUGUESE = "casa: Stark\nsenha: {pw}\nWinterfell: marcha +1\nPorto Branco: defesa\n"


def _drop(game: Path, raw: bytes, name: str = "stark.txt") -> None:
    (game / "inbox" / name).write_bytes(raw)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1251", "koi8_r"])
def test_a_russian_file_is_read_in_every_encoding_notepad_writes(new_game, encoding) -> None:
    game = new_game()
    _drop(game, RUSSIAN.format(pw=password("stark")).encode(encoding))
    result = cli("run", game, "--now", NOW)
    assert "stark: accepted as 0001-stark" in result.output, result.stderr
    assert "Winterfell: March +1 (special)" in result.output
    assert "White Harbor: Defense" in result.output
    assert "The Shivering Sea: Raid" in result.output


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8"])
@pytest.mark.parametrize(
    "text",
    [
        "casa: Stark\nsenha: x\nPorto Branco: defesa  # ações do mês\n",
        "casa: Stark\nsenha: x\nPorto Branco: defesa  # é isso\n",  # a lone accent
    ],
)
def test_a_portuguese_file_in_windows_1252_keeps_its_accents(encoding, text) -> None:
    assert decode_order_file(text.encode(encoding)) == text


@pytest.mark.parametrize(
    "raw",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x02X",  # a picture
        "house: stark\nWinterfell: march\n".encode("utf-16-le"),  # UTF-16 without its BOM
        b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xdf\xa4\xd2lZ\x01",  # a .docx
    ],
)
def test_a_file_in_no_encoding_we_read_is_refused(raw: bytes) -> None:
    with pytest.raises(UnreadableFile):
        decode_order_file(raw)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "stark.docx is not a text file we can read: save it as UTF-8"),
        ("ru", "stark.docx не читается как текст: сохраните файл в кодировке UTF-8"),
        ("pt_BR", "não conseguimos ler stark.docx como texto: salve-o como UTF-8"),
    ],
)
def test_an_unreadable_file_is_answered_save_it_as_utf8(new_game, lang, said) -> None:
    game = new_game(settings={"lang": lang})
    _drop(game, b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xdf\xa4\xd2lZ\x01", "stark.docx")
    result = cli("run", game, "--now", NOW)
    assert said in result.stderr
    assert (game / "inbox" / "stark.docx").exists()  # the GM decides what to do with it


def test_files_in_a_subfolder_of_the_inbox_are_warned_about(new_game) -> None:
    game = new_game()
    folder = game / "inbox" / "round1"
    folder.mkdir()
    (folder / "stark.txt").write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    run = cli("run", game, "--now", NOW)
    assert "inbox/round1/ is ignored: only files directly in inbox/ are read" in run.stderr
    assert (folder / "stark.txt").exists()
    status = cli("status", game, "--now", NOW).output
    assert "inbox/round1/ is ignored" in status


def test_a_subfolder_is_warned_about_in_the_games_language(new_game) -> None:
    game = new_game(settings={"lang": "pt_BR"})
    (game / "inbox" / "rodada").mkdir()
    status = cli("status", game, "--now", NOW).output
    assert "inbox/rodada/ é ignorada" in status


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "inbox/round1/ is ignored"),
        ("ru", "inbox/round1/ не читается"),
        ("pt_BR", "inbox/round1/ é ignorada"),
    ],
)
def test_a_subfolder_is_named_once_by_run_in_the_gms_language(new_game, lang, said) -> None:
    """Issue 17 point 18 and issue 18 point 9 met: a folder is warned about, not also
    rejected as "not a plain file"."""
    game = new_game(settings={"lang": lang})
    (game / "inbox" / "round1").mkdir()
    run = cli("run", game, "--now", NOW)
    assert run.exit_code == 0, run.output
    assert said in run.stderr
    assert run.stderr.count("round1") == 1, run.stderr
