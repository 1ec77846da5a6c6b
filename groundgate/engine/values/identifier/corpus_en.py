"""Identifiers in English texts: what must be read as one (with its digits) and what must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("Call (301) 352-1200 today.", "(301) 352-1200", "3013521200"),
    Reads("Call +1 301-352-1200 today.", "+1 301-352-1200", "13013521200"),
    Reads("Call 301.352.1200 today.", "301.352.1200", "3013521200"),
    Reads("ISBN 978-0-13-468599-1", "978-0-13-468599-1", "9780134685991"),
    Reads("Call 1 (800) 555-0199.", "1 (800) 555-0199", "18005550199"),
]

MUST_NOT = [
    ReadsNot("COVID-19", nothing=True),
    ReadsNot("Form 10-K, 10-Q and 8-K; 20-F", nothing=True),
    ReadsNot("a 3-5 million range"),
    ReadsNot("177,866 - 135,987"),
    ReadsNot("H2O, c1, IPC_420", nothing=True),
]
