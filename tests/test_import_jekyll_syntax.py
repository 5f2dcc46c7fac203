"""Jekyll sources written the ways real posts write them (a sweep of public blogs), in
fixtures written here: Liquid tags over several lines, Chirpy's image attributes, and
sites on jekyll-multiple-languages-plugin with pages in several languages."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, files: dict[str, str | bytes], kind: str = "jekyll"
                  ) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", kind, False, NOW)


def built(tmp_path: Path, imported: Imported) -> Path:
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)


def page(out: Path, url: str) -> str:
    return (out / url.strip("/") / "index.html").read_text(encoding="utf-8")


def test_liquid_tags_written_over_several_lines(tmp_path: Path) -> None:
    """al-folio's posts write `{% include figure.liquid` with one argument a line (and
    `%}` on a line of its own), some in the theme's indented `<div class="col-sm">`;
    `{% highlight python` may put `linenos` on the next line. Liquid reads any
    whitespace between a tag's parts; the import read only one-line tags, and left these
    in the page as written, unreported. (jekyll-gist's `{% gist %}`, over two lines
    too, is a link to the gist's file.)"""
    imported = imported_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "assets/img/kv.png": png(40, 20),
        "_posts/2024-03-01-kv-cache.md": "---\ntitle: KV cache\n---\n\n"
        "缓存的布局如下。\n\n"
        "{% include figure.liquid\n  loading=\"eager\"\n  path=\"assets/img/kv.png\"\n"
        "  class=\"img-fluid rounded z-depth-1\"\n  caption=\"分页的 KV 缓存\"\n%}\n\n"
        "<div class=\"row\">\n  <div class=\"col-sm mt-3\">\n"
        "    {% include figure.liquid\n\tpath=\"assets/img/kv.png\"\n\talt=\"块表\" %}\n"
        "  </div>\n</div>\n\n"
        "{% highlight python\n   linenos %}\ndef blocks(n):\n    return n // 16\n"
        "{% endhighlight %}\n\n"
        "{% gist 12345\n   kv.py %}\n\n结束。\n"})
    assert not imported.report.warnings, imported.report.warnings
    body = (imported.dest / "content/posts/kv-cache/index.md").read_text(encoding="utf-8")
    assert "{% include" not in body and "{% highlight" not in body
    assert "(https://gist.github.com/12345#file-kv-py)" in body, body
    doc = parse_html(page(built(tmp_path, imported), "/posts/kv-cache/"))
    article = doc.one("article")
    assert "分页的 KV 缓存" in article.one("figcaption").text()
    assert {img["alt"] for img in article.find_all("img")} == {"分页的 KV 缓存", "块表"}
    assert any("return n // 16" in pre.text() for pre in article.find_all("pre"))
    assert "{%" not in article.text()


def test_chirpy_image_positions_and_looks(tmp_path: Path) -> None:
    """Chirpy's posts place an image with a class in kramdown's attribute list (`.left`
    and `.right` float it, `.normal` sets it at the left), size it with `w`/`h`, and
    chain lists (`{: width="320" }{: .shadow }`, kramdown joined them). The classes came
    out as classes of no look (the image centred, no text beside it), and a second
    list was dropped with what it said; `.shadow` and the `lqip` placeholder only
    looked, and go; Bootstrap's `.w-50` is a width; a class of the site's own stays,
    reported."""
    imported = imported_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: 笔记\nlang: zh-CN\n",
        "assets/img/gpu.png": png(64, 32),
        "_posts/2024-05-01-gpu.md": "---\ntitle: GPU 内存层次\n---\n\n"
        "![寄存器](/assets/img/gpu.png){: .left w=\"320\" h=\"160\" }\n"
        "寄存器文件在左边，文字绕着它。\n\n"
        "![共享内存](/assets/img/gpu.png){: width=\"320\" }{:.right}{: .shadow }\n"
        "共享内存在右边。\n\n"
        "![全局内存](/assets/img/gpu.png){: .normal .shadow .rounded-10 }\n\n"
        "![一半宽](/assets/img/gpu.png){: width=\"640\" height=\"320\" .w-50 .left }\n\n"
        "![占位](/assets/img/gpu.png){: lqip=\"data:image/webp;base64,UklG\" }\n\n"
        "![自己的](/assets/img/gpu.png){: .my-frame }\n"})
    warnings = [(w.line, w.message) for w in imported.report.warnings]
    assert len(warnings) == 1 and warnings[0][0] == 17 and "`.my-frame`" in warnings[0][1]
    out = built(tmp_path, imported)
    article = parse_html(page(out, "/posts/gpu/")).one("article")
    images = {img["alt"]: img for img in article.find_all("img")}
    assert images["寄存器"].classes == ["float-left"]
    assert (images["寄存器"]["width"], images["寄存器"]["height"]) == ("320", "160")
    assert images["共享内存"].classes == ["float-right"] and images["共享内存"]["width"] == "320"
    assert images["全局内存"].classes == ["align-left"]
    assert images["一半宽"].classes == ["float-left"]  # (Bootstrap's `.w-50`: its width)
    assert images["一半宽"]["style"] == "width:50%" and images["一半宽"]["width"] == "640"
    assert images["占位"].classes == [] and images["占位"].get("lqip") is None
    assert images["自己的"].classes == ["my-frame"]
    assert "{:" not in article.text()


def test_pages_of_jekyll_multiple_languages_plugin_in_each_language(tmp_path: Path) -> None:
    """jekyll-multiple-languages-plugin built every page once per language, the others
    under `/<lang>/`: `{% t key %}` took the language's string from `_i18n/<lang>.yml`,
    `{% translate_file about/bio.md %}` (or `{% tf %}`) the file of `_i18n/<lang>/`
    (the default language's when missing). The import made the page in the site's
    language only (the strings its, the files left in comments): each language's version
    is made and paired; what the plugin fell back on is reported at its line."""
    imported = imported_site(tmp_path, {
        "_config.yml": "title: Lab\nlanguages: [\"en\", \"zh\"]\nexclude: [README.md]\n"
        "plugins:\n  - jekyll-multiple-languages-plugin\n",
        "_i18n/en.yml": "nav:\n  bio: Biography\n  cv: Curriculum vitae\n",
        "_i18n/zh.yml": "nav:\n  bio: 简介\n",
        "_i18n/en/about/bio.md": "I work on **LLM serving**: paged $KV$ caches.\n",
        "_i18n/zh/about/bio.md": "我研究**大模型推理服务**：分页的 $KV$ 缓存。\n",
        "_i18n/en/about/talks.md": "Talks are listed below.\n",
        "_i18n/en/home.md": "Welcome to the lab.\n",
        "_i18n/zh/home.md": "欢迎来到实验室。\n",
        "index.md": "---\nlayout: home\n---\n\n{% tf home.md %}\n",
        "about.md": "---\ntitle:\n  en: About\n  zh: 关于\npermalink: /about/\n---\n\n"
        "## {% t nav.bio %}\n\n{% translate_file about/bio.md %}\n\n"
        "{% translate_file about/talks.md %}\n\n## {% t nav.cv %}\n\n"
        "{% translate_file {{ page.slug }}.md %}\n",
        "contact.md": "---\ntitle: Contact\n---\n\nMail me.\n"})
    warnings = sorted((w.line, w.message) for w in imported.report.warnings
                      if w.path == "about.md")
    assert [line for line, _message in warnings] == [12, 14, 16, 16]
    assert "no `_i18n/zh/about/talks.md`: the en text is used" in warnings[0][1]
    assert "no `nav.cv` in _i18n/zh.yml: the en string is used" in warnings[1][1]
    assert all("made by Liquid" in message for _line, message in warnings[2:])
    out = built(tmp_path, imported)
    english = parse_html(page(out, "/about/"))
    chinese = parse_html(page(out, "/zh/about/"))
    assert english.one("h1").text().strip() == "About"
    assert chinese.one("h1").text().strip() == "关于"
    assert [h.text().strip() for h in chinese.one("article").find_all("h2")] == [
        "简介", "Curriculum vitae"]
    assert "分页的" in chinese.one("article").text()
    assert chinese.one("article").one("strong").text() == "大模型推理服务"
    assert "Talks are listed below." in chinese.one("article").text()
    assert "paged" in english.one("article").text() and "{%" not in english.text()
    links = {link["hreflang"]: link["href"] for link in chinese.find_all("link")
             if link.get("hreflang")}
    assert links["en"] == "/about/" and links["zh"] == "/zh/about/"
    assert "欢迎来到实验室" in page(out, "/zh/") and "Welcome to the lab" in page(out, "/")
    assert "Mail me." in page(out, "/contact/")
    old_url = (out / "zh/contact.html").read_text(encoding="utf-8")
    assert "/contact/" in old_url  # (the plugin's copy of the page: its URL kept answering)
