"""Code in a beamer deck: `verbatim`, `lstlisting` and `minted` environments, and
`\\lstinputlisting` / `\\inputminted` listings of files, as fenced code (`beamer_tex`
reads the deck; `converted` collects what was converted, for the import report)."""

from __future__ import annotations

import re
from collections.abc import Callable

_CODE = re.compile(r"^[ \t]*\\begin\{(verbatim|lstlisting|minted)\}(\[[^\]\n]*\])?"
                   r"(?:\{([\w+-]+)\})?[ \t]*\n(.*?)^[ \t]*\\end\{\1\}[ \t]*$",
                   re.MULTILINE | re.DOTALL)
_LISTED = re.compile(r"^[ \t]*\\(?:lstinputlisting(\[[^\]\n]*\])?|inputminted(?:\[[^\]\n]*\])?"
                     r"\{([\w+-]+)\})\{([^{}\n]+)\}[ \t]*$", re.MULTILINE)
_LANGUAGE = re.compile(r"language=\{?([\w+-]+)")


def listed_files(body: str, read: Callable[[str], str | None], converted: list[str]) -> str:
    """`\\lstinputlisting[language=c]{hello.c}` and `\\inputminted{c}{hello.c}` lines as
    the code of the file they name (a file not found: the line stays)."""
    def listed(match: re.Match[str]) -> str:
        options, minted, name = match.groups()
        code = read(name.strip())
        if code is None:
            return match.group()
        language = minted or (found.group(1) if (found := _LANGUAGE.search(options or ""))
                               else "")
        converted.append("beamer's listings of files as fenced code")
        return "```" + language.lower() + "\n" + code.rstrip("\n") + "\n```"
    return _LISTED.sub(listed, body)


def code_blocks(body: str, converted: list[str]) -> str:
    """`verbatim`, `lstlisting` and `minted` environments as fenced code (their language
    `minted`'s argument or `lstlisting`'s `language=`)."""
    def fence(match: re.Match[str]) -> str:
        kind, options, argument, code = match.groups()
        language = argument or ((found.group(1) if (found := _LANGUAGE.search(options or ""))
                                 else "") if kind == "lstlisting" else "")
        converted.append(f"beamer's `{kind}` environments as fenced code")
        lines = code.rstrip("\n").split("\n")
        indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
        return "```" + language.lower() + "\n" + "\n".join(x[indent:] for x in lines) \
            + "\n```"
    return _CODE.sub(fence, body)
