"""Reading a site's text files: UTF-8 (a byte-order mark dropped, line ends made `\n`),
and, for a file that is not, which encoding it is (GBK or Big5 from an older Chinese
editor) and how to save it as UTF-8."""

from __future__ import annotations

from pathlib import Path

from lanting.errors import LantingError


def _reads_as(data: bytes, codec: str) -> list[str] | None:
    """The Chinese characters of `data` read as `codec`, or None if it does not decode."""
    try:
        return [char for char in data.decode(codec) if "\u4e00" <= char <= "\u9fff"]
    except UnicodeDecodeError:
        return None


def _common_simplified(chars: list[str]) -> bool:
    """Mostly characters of GB2312, the common simplified ones (Big5 bytes read as GBK
    are rare characters)."""
    common = 0
    for char in chars:
        try:
            char.encode("gb2312")
            common += 1
        except UnicodeEncodeError:
            pass
    return common >= 0.9 * len(chars)


def _encoding_hint(data: bytes) -> str:
    """How to make `data` UTF-8: a file saved by an older Chinese Windows editor is GBK
    (GB18030 reads it), one from Taiwan or Hong Kong Big5."""
    simplified, traditional = _reads_as(data, "gb18030"), _reads_as(data, "big5")
    if simplified and (_common_simplified(simplified) or not traditional):
        codec, name = "gb18030", "GBK (GB18030)"
    elif traditional:
        codec, name = "big5", "Big5"
    else:
        return "save the file as UTF-8"
    return (f"it reads as {name}: save it as UTF-8 (VS Code: Reopen with Encoding → "
            f"{codec.upper()}, then Save with Encoding → UTF-8; or `iconv -f {codec} -t "
            "utf-8`)")


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LantingError.at("file is not valid UTF-8", path, line,
                              hint=_encoding_hint(data)) from None
    # (every BOM: a file saved through two tools that each added one, as many converted
    # blogs' posts are, starts with two, and the second hid the front matter)
    text = text.lstrip("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
