"""*Trimmed*, as the spec defines it (docs/clauses.md, Terms): exactly what
JavaScript's `String.prototype.trim` removes, which is not what Python's
`str.strip()` removes (that also strips U+0085 and U+001C..U+001F, and keeps
U+FEFF).  Nothing else of a text changes: no normalization, no invisible
character removed."""
from __future__ import annotations

# Every Zs space separator, tab, vertical tab, form feed, the byte order mark, and LF, CR, U+2028, U+2029.
JS_WHITE_SPACE = (
    "\t\n\v\f\r \u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def trimmed(text: str) -> str:
    return text.strip(JS_WHITE_SPACE)
