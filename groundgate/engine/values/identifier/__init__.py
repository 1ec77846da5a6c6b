"""The identifier kind: phone numbers and hyphenated codes ("+1 301-352-1200", "978-0-13-468599-1").

rules.py  the readings (the same in English and Chinese): phone forms, hyphenated groups and the
          country code before a phone number
kind.py   the kind: typing (its digits), sameness (identifier_digits, country_code), keys; no
          near misses, no derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as identifiers
"""
