"""Faults real Hugo sites of other themes exposed (Hextra, hugo-book, Blowfish, Congo,
Hermit, MemE, …: a sweep of math notes, knowledge bases and systems blogs), in small
sites written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import built_cleanly, prose


def test_details_keep_their_title_and_whether_they_were_open(tmp_path: Path) -> None:
    """Hextra's `details title="…" closed="true"` showed "…" as its summary (the title
    was read from `summary` or the first word only), and every Hextra block was folded,
    where Hextra shows it open unless `closed`; hugo-book's `details "Proof" open`
    was folded too."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 量子笔记\nlanguageCode: zh-cn\nmodule:\n  imports:\n"
                     "    - path: github.com/imfing/hextra\n",
        "content/docs/qubits.md": (
            "---\ntitle: 量子比特\nweight: 2\n---\n\n"
            '{{% details title="简短回答" closed="true" %}}\n'
            "量子比特是 $\\alpha|0\\rangle + \\beta|1\\rangle$。\n{{% /details %}}\n\n"
            '{{< details title="详细回答" >}}\n测量使它坍缩。\n{{< /details >}}\n\n'
            '{{< details "证明" open >}}\n由幺正性可得。\n{{< /details >}}\n\n'
            '{{< details summary="Hugo 自带的" >}}\n默认折叠。\n{{< /details >}}\n')})
    found = [(d.one("summary").text().strip(), "open" in d.attrs)
             for d in prose(out, "qubits/index.html").find_all("details")]
    assert found == [("简短回答", False), ("详细回答", True), ("证明", True),
                     ("Hugo 自带的", True)]


def test_details_of_other_themes_are_folded_unless_open(tmp_path: Path) -> None:
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\ntheme = "hugo-book"\n',
        "content/posts/proof.md": (
            "---\ntitle: A proof\ndate: 2024-05-01\n---\n\n"
            '{{< details title="Lemma" open=true >}}\nShown.\n{{< /details >}}\n\n'
            '{{< details "Proof" >}}\nFolded.\n{{< /details >}}\n')})
    found = [(d.one("summary").text().strip(), "open" in d.attrs)
             for d in prose(out, "posts/proof/index.html").find_all("details")]
    assert found == [("Lemma", True), ("Proof", False)]
