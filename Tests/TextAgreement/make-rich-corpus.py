#!/usr/bin/env python3
"""Writes rich-corpus.tsv: paragraphs of runs (styles and inline objects), as posts are
written, for the Pango agreement test of rich text. Fixed, hand-written content built from
make-corpus.py's sentences; no randomness.

One paragraph per line: group<TAB>direction<TAB>family<TAB>size<TAB>RUN<TAB>RUN...
RUN is pango-measure's: "t|family|size|weight|italic|text" (family empty or size "-": the
paragraph's) or "a|width|height|baseline" (an inline object; baseline from its top, "-":
its bottom). Text uses pango-measure's escapes (\\n, \\t, \\\\) and never holds a tab or '|'
before its text field (the text is the last field, so '|' inside it is fine).
"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus", os.path.join(here, "make-corpus.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)

FAMILIES = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]
NAMES = ["Ada Lovelace", "Grace Hopper", "Margaret Hamilton", "Donald Knuth", "Hedy Lamarr"]
MENTIONS = ["@ada", "@grace", "@margaret", "@knuth", "@hedy"]
EMOJI_ATOM = "a|18|18|15"        # a custom emoji drawn as an image, on the baseline
CHIP_ATOM = "a|46|20|15"         # a chip ("+3") a little taller than the text
AVATAR_ATOM = "a|28|28|-"        # an avatar sitting on the baseline by its bottom


def t(text, family="", size="-", weight=400, italic=False):
    return f"t|{family}|{size}|{weight}|{1 if italic else 0}|{corpus.escape(text)}"


def variants(sentence, index, rtl):
    """The ways posts dress a sentence: a bold name, a mention, an italic quote, a larger
    first word, families mixed word by word, inline objects."""
    words = sentence.split(" ")
    name, mention = NAMES[index % len(NAMES)], MENTIONS[index % len(MENTIONS)]
    family = FAMILIES[index % len(FAMILIES)]
    out = [
        ("bold-name", [t(name, weight=700), t(" " + sentence)]),
        ("mention", [t(mention, weight=700), t(" " + sentence)]),
        ("italic-quote", [t("“"), t(sentence, italic=True), t("” — " + name.split(" ")[0])]),
        ("mixed-families", [t(w + (" " if i + 1 < len(words) else ""), family=FAMILIES[(index + i) % 3]) for i, w in enumerate(words)]),
        ("atoms", [t(words[0] + " "), EMOJI_ATOM, t(" " + " ".join(words[1:]) + " "), CHIP_ATOM]),
    ]
    if len(words) > 1:
        out.append(("larger-first", [t(words[0], size=24, weight=700), t(" " + " ".join(words[1:]))]))
        out.append(("avatar-inline", [AVATAR_ATOM, t(" " + name, weight=700), t(" " + " ".join(words[1:]), family=family)]))
    return out


def build():
    rows = []
    groups = [
        ("english", corpus.ENGLISH[:14], False),
        ("german", corpus.GERMAN[:10], False),
        ("arabic", corpus.ARABIC[:6], True),
        ("hebrew", corpus.HEBREW[:6], True),
        ("chinese", corpus.CHINESE[:5], False),
        ("japanese", corpus.JAPANESE[:4], False),
        ("korean", corpus.KOREAN[:5], False),
        ("emoji", [text for _, text in corpus.EMOJI[:6]], False),
    ]
    for group, sentences, rtl in groups:
        for index, sentence in enumerate(sentences):
            for kind, runs in variants(sentence, index, rtl):
                size = [13, 15, 17][index % 3]
                rows.append((f"{group}/{kind}", "rtl" if rtl else "ltr", FAMILIES[index % 2], size, runs))
    return rows


def main():
    rows = build()
    path = os.path.join(here, "rich-corpus.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for group, direction, family, size, runs in rows:
            for run in runs:
                if "\t" in run:
                    raise ValueError(f"a tab in a run: {run!r}")
            f.write("\t".join([group, direction, family, str(size)] + runs) + "\n")
    print(f"{len(rows)} paragraphs -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
