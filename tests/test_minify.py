"""HTML minification: on in `lanting build` (`[build] minify`), never in `serve`; code,
math and the document itself survive."""

from __future__ import annotations

from htmltree import parse_html

from lanting.render.minify import minify

MATH_AND_CODE = """\
Inline $x_1 + \\frac{a}{b}$ and a space: $a \\, b$.

$$
\\nabla_\\theta L = \\begin{cases} A \\, r, & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}
$$

```python
def f(x):
    if x:
        return  x  *  2
```
"""


def test_build_minifies_and_keeps_math_and_code(make_site, build_site, post) -> None:
    site = make_site({"content/posts/a.md": post("A", body=MATH_AND_CODE)})
    out = build_site(site).output
    html = (out / "posts/a/index.html").read_text()
    assert "\n\n" not in html and 'class="prose"' not in html  # minified
    assert "<mspace></mspace>" in html or "<mspace width" in html
    assert "/>" not in html.split("<math", 1)[1].split("</math>", 1)[0]
    code = parse_html(html).one(class_="prose").one("pre").raw_text()  # not "cite this"
    assert "        return  x  *  2" in code and code.count("\n") >= 2


def test_minify_can_be_turned_off(make_site, build_site, post) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[build]\nminify = false\n',
                      "content/posts/a.md": post("A", body=MATH_AND_CODE)})
    html = (build_site(site).output / "posts/a/index.html").read_text()
    assert '<div class="prose">' in html
    assert "<mspace" in html and "/>" in html


def test_self_closing_foreign_elements_are_opened_and_closed() -> None:
    html = ('<p><math><mrow><mspace width="1em"/><mi>x</mi></mrow></math><br/>'
            '<svg><path d="M0 0"/></svg></p><pre>&lt;a/&gt;  <i>x</i></pre>'
            '<script>var s = "<mspace/>";</script>')
    assert minify(html) == (
        '<p><math><mrow><mspace width=1em></mspace><mi>x</mi></mrow></math><br>'
        '<svg><path d="M0 0"></path></svg></p><pre>&lt;a/>  <i>x</i></pre>'
        '<script>var s = "<mspace/>";</script>')  # scripts are left as written


def test_serve_never_minifies(make_site, post) -> None:
    from lanting.build.options import BuildOptions
    from lanting.serve.live import LiveSite

    site = make_site({"content/posts/a.md": post("A", body=MATH_AND_CODE)})
    live = LiveSite(site, BuildOptions(drafts=True, jobs=1), report=lambda message: None)
    live.rebuild()
    html = bytes(live.store.files["posts/a/index.html"]).decode()  # type: ignore[arg-type]
    assert '<div class="prose">' in html


def test_the_markdown_body_is_kept_as_written_and_the_rest_minified() -> None:
    body = '<p>a  <code>b</code></p>\n<div class="math-display"><math><mspace/></math></div>\n'
    page = f'<html>\n  <body>\n    <div class="prose">\n{body}\n    </div>\n  </body>\n</html>'
    assert minify(page, body) == (
        '<html><body><div class=prose>'
        '<p>a  <code>b</code></p>\n<div class="math-display"><math><mspace/></math></div>'
        '</div></body></html>')
    # a body the template changed, or none: the whole page is minified
    assert minify(page, "<p>not there</p>") == minify(page) != minify(page, body)
    # a page that holds the placeholder itself (written by its author) is minified whole
    written = page.replace(body, body + "<lanting-body></lanting-body>")
    assert minify(written, body) == minify(written)


def test_build_keeps_each_post_body_as_rendered(make_site, build_site, post) -> None:
    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import RenderContext

    site = make_site({"content/posts/a.md": post("A", body=MATH_AND_CODE)})
    html = (build_site(site).output / "posts/a/index.html").read_text()
    body = render_markdown(MATH_AND_CODE + "\n", RenderContext(path=site / "a.md",
                                                               rel="posts/a.md")).html
    assert body.strip("\n") in html
    assert "<div class=prose>" + body.strip("\n")[:20] in html
