"""The one definition of how place names and queries are folded for search.

Both sides must fold identically: the build folds every name with `fold`, and the Swift
library folds queries with the table `fold_table` writes (Data/gazetteer-fold.tsv), so
Python's Unicode database is the single source of truth for both.

Folding: compatibility decomposition, case folding, combining marks dropped, a few Latin
letters without a decomposition spelled out (ø → o, ß → ss, ł → l), apostrophes dropped
(St. John's → st johns), every other non-alphanumeric character a word break, breaks
collapsed to one space.
"""

import sys
import unicodedata

# Letters that NFKD leaves alone but a person types without their stroke or ligature.
SPELLED_OUT = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
    "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k", "ŋ": "n",
    "ƒ": "f", "ɨ": "i", "ʉ": "u", "ɛ": "e", "ɔ": "o", "ƴ": "y", "ɓ": "b", "ɗ": "d",
}

# Apostrophes and transliteration marks vanish instead of breaking the word.
VANISHING = set("'`´\u2018\u2019\u02bb\u02bc\u02bd\u02b9\u02be\u02bf\u02c8")

# Hangul syllables stay whole: decomposing them into jamo would only make keys longer.
HANGUL = range(0xAC00, 0xD7A4)


def fold_char(ch: str) -> str:
    """The folded form of one character: letters/digits, "" or " " (a word break)."""
    cp = ord(ch)
    if ch in VANISHING:
        return ""
    if cp in HANGUL:
        return ch
    cat = unicodedata.category(ch)
    if cat in ("Cn", "Cs", "Co"):
        return ch  # unassigned / surrogate / private: never in the data, left alone
    out = []
    text = unicodedata.normalize("NFKD", ch).casefold()
    text = unicodedata.normalize("NFKD", text)
    for c in text:
        if unicodedata.category(c) in ("Mn", "Mc", "Me"):
            continue
        c = SPELLED_OUT.get(c, c)
        for d in c:
            if d in VANISHING:
                continue
            out.append(d if d.isalnum() else " ")
    return "".join(out)


_cache: dict = {}


def fold(text: str) -> str:
    """`text` folded for search: lowercase words separated by single spaces."""
    pieces = []
    for ch in text:
        f = _cache.get(ch)
        if f is None:
            f = fold_char(ch)
            _cache[ch] = f
        pieces.append(f)
    return " ".join("".join(pieces).split())


def fold_table():
    """Every code point whose folded form differs from itself, as (code point, folded)."""
    rows = []
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        f = fold_char(ch)
        if f != ch:
            rows.append((cp, f))
    return rows
