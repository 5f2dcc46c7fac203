"""A reveal.js deck an HTML page puts together from several Markdown files, one a
`<section data-markdown="slides/x.md">`, after a title slide written in HTML
(`importer/reveal_html.py`, read by the notes importer). A speaker's repository of
talks keeps one such folder a talk; its page names `slides/x.md` where the files lie
beside it (the folder was mounted as `slides/` in a copy of reveal.js). Imported, the
talk was its first file's slides alone (or none), every other file a page of its
own, the title slide lost with the page.
"""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_SEPARATORS = ('data-separator="^\\n\\n\\n" data-separator-vertical="^\\n\\n" '
               'data-separator-notes="^Note:"')

_PAGE = f"""<!doctype html>
<html><head><title>Hooks for containers</title>
<link rel="stylesheet" href="css/reveal.css"></head>
<body><div class="reveal"><div class="slides">
        <section>
          <h3>Hooks for containers</h3>
          <p>
            <small>A. Speaker, Container Meetup</small>
          </p>
        </section>

        <section data-markdown="slides/why.md" {_SEPARATORS}>
        </section>

        <section data-markdown="parts/how.md" {_SEPARATORS}>
        </section>

        <section data-markdown="slides/gone.md" {_SEPARATORS}>
        </section>

        <section data-background="images/end.png">
          <h2>Thanks</h2>
          <aside class="notes">Ask for questions.</aside>
        </section>
</div></div>
<script src="js/reveal.js"></script>
<script>Reveal.initialize({{ dependencies: [
  {{ src: 'plugin/markdown/markdown.js' }} ] }});</script>
</body></html>
"""

_WHY = """### Why hooks

* a request passes through the proxy
* each hook may change it


### Before the daemon

The pre-hook sees `POST /containers/create` first.

Note:
Draw the proxy on the board.
"""

_HOW = """### How a hook is written

```bash
$ curl -X POST http://hook/adapter
```
"""


def test_a_page_of_several_markdown_files_is_one_talk_of_them(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "hooks/index.html": _PAGE,
        "hooks/why.md": _WHY,
        "hooks/parts/how.md": _HOW,
        "hooks/images/end.png": png(40, 30),
        "notes/other.md": "# Other\n\nA note of its own.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    talks = sorted(p.name for p in (new / "content" / "talks").glob("*.md"))
    assert talks == ["hooks.md"]  # (named by its page's folder, not `why.md`)
    pages = {p.name for p in (new / "content" / "pages").glob("*.md")}
    assert "why.md" not in pages and "how.md" not in pages and "other.md" in pages
    warned = [str(e) for e in imported.report.warnings]
    assert any("slides/gone.md" in w and "not there" in w for w in warned)

    build(new, BuildOptions())
    page = parse_html((new / "public" / "talks" / "hooks" / "slides" / "index.html")
                      .read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert len(frames) == 5
    assert frames[0].one("h3").text() == "Hooks for containers"
    assert frames[0].one("small").text() == "A. Speaker, Container Meetup"
    assert frames[1].one("h3").text() == "Why hooks"
    assert frames[2].one("h3").text() == "Before the daemon"  # (two blank lines: down)
    assert "/1/1" in [s["id"] for s in frames[2].find_all("span", class_="slide-name")]
    assert frames[2].one("aside", class_="slide-notes").text() == \
        "Draw the proxy on the board."
    assert "curl -X POST" in frames[3].one("code").text()
    assert frames[4].one("h2").text() == "Thanks"
    assert frames[4].one("aside", class_="slide-notes").text() == "Ask for questions."
    article = (new / "public" / "talks" / "hooks" / "index.html").read_text(encoding="utf-8")
    assert "Hooks for containers" in article and "data-markdown" not in article


_INLINE = """<!DOCTYPE html>
<html lang="en">
  <head><title> Reuse in the docs</title></head>
  <body>
    <div class="reveal">
      <div class="slides">
        <section data-markdown
          data-separator-vertical="^\\n\\n">
          <textarea data-template>
            ## Reuse in the docs
            ### Without repeating yourself

            A. Writer
            ---
            ## Where I work

            ![A map](/map.png)
            ---
            ## Why reuse

            * update once
            * correct everywhere

            Note:
            * the DRY principle


            ## Shortcodes

            ```go
            {{ .Get 0 }}
            ```
          </textarea>
        </section>
      </div>
    </div>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
"""


def test_a_reveal_page_holding_its_markdown_is_a_talk(tmp_path: Path) -> None:
    """A homepage's decks kept as Vite pages of reveal.js, each its Markdown in a
    `<textarea data-template>`, its images in the project's `public/`: copied to
    `static/` as they were, they showed a box of text (Vite, which loaded reveal.js,
    does not run there)."""
    write_files(tmp_path / "old", {
        "decks/package.json": '{"devDependencies": {"vite": "^5.0.0", "reveal.js": "^5"}}\n',
        "decks/public/map.png": png(40, 30),
        "decks/slides/reuse.html": _INLINE,
        "notes/about.md": "# About\n\nA note.\n",
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    talk = (new / "content" / "talks" / "reuse.md").read_text(encoding="utf-8")
    assert "\ntitle: Reuse in the docs\n" in talk  # (the page's `<title>`)
    assert not (new / "static" / "decks" / "slides" / "reuse.html").exists()
    result = build(new, BuildOptions())
    assert [w.message for w in result.warnings if "date" not in w.message] == []
    page = parse_html((new / "public" / "talks" / "reuse" / "slides" / "index.html")
                      .read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one(class_="slide").find_all("h2")[0].text() for f in frames] == [
        "Reuse in the docs", "Where I work", "Why reuse", "Shortcodes"]
    assert frames[0].one("h3").text() == "Without repeating yourself"
    assert "/decks/public/map.png" in frames[1].one("img")["src"]
    assert frames[2].one("aside", class_="slide-notes").text() == "the DRY principle"
    assert "{{ .Get 0 }}" in frames[3].one("code").text()
