"""Reading time for mixed Chinese/English prose: CJK characters and Latin words."""

from __future__ import annotations

import pytest

from lanting.markdown.text import count_units, reading_minutes


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("", (0, 0)),
        ("你好世界", (4, 0)),
        ("hello world", (0, 2)),
        ("用 PyTorch 训练 GPT-4 模型", (5, 2)),
        ("张量并行TP切分", (6, 1)),
        ("，。！？（）——", (0, 0)),
        ("ひらがな カタカナ 한국어", (11, 0)),
        ("don't stop-gradient v1.2", (0, 3)),
    ],
)
def test_count_units(text: str, units: tuple[int, int]) -> None:
    assert count_units(text) == units


def test_at_least_one_minute() -> None:
    assert reading_minutes("") == 1
    assert reading_minutes("短") == 1


def test_chinese_is_read_by_characters() -> None:
    assert reading_minutes("字" * 400) == 1
    assert reading_minutes("字" * 401) == 2
    assert reading_minutes("字" * 2000) == 5


def test_english_is_read_by_words() -> None:
    assert reading_minutes("word " * 200) == 1
    assert reading_minutes("word " * 201) == 2
    assert reading_minutes("word " * 1000) == 5


def test_mixed_text_adds_both() -> None:
    assert reading_minutes("字" * 400 + " " + "word " * 200) == 2
    assert reading_minutes("字" * 200 + " " + "word " * 100) == 1


def test_custom_speeds() -> None:
    assert reading_minutes("字" * 400, chars_per_minute=100) == 4
    assert reading_minutes("word " * 400, words_per_minute=100) == 4
