"""What a written number means (value.py: typed_number and the magnitude words), shared by the
number kinds - counts, amounts and percentages (their corpora: values/count, values/amount,
values/percent) - and by the kinds that are numbers with a meaning of their own (values/score,
values/ordinal). Numbers written in words are read here too: words_en.py ("three years",
"twenty-five minutes") and numerals_zh.py ("四十五元", "晚上九点", "二〇二四年").
"""
