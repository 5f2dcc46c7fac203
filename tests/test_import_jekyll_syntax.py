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
    in the page as written, unreported."""
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
    warnings = [(w.path, w.line, w.message) for w in imported.report.warnings]
    assert len(warnings) == 1 and warnings[0][1] == 28 and "gist 12345 kv.py" in warnings[0][2]
    body = (imported.dest / "content/posts/kv-cache/index.md").read_text(encoding="utf-8")
    assert "{% include" not in body and "{% highlight" not in body
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
    looked, and go; a class of the site's own stays, reported."""
    imported = imported_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: 笔记\nlang: zh-CN\n",
        "assets/img/gpu.png": png(64, 32),
        "_posts/2024-05-01-gpu.md": "---\ntitle: GPU 内存层次\n---\n\n"
        "![寄存器](/assets/img/gpu.png){: .left w=\"320\" h=\"160\" }\n"
        "寄存器文件在左边，文字绕着它。\n\n"
        "![共享内存](/assets/img/gpu.png){: width=\"320\" }{:.right}{: .shadow }\n"
        "共享内存在右边。\n\n"
        "![全局内存](/assets/img/gpu.png){: .normal .shadow .rounded-10 }\n\n"
        "![占位](/assets/img/gpu.png){: lqip=\"data:image/webp;base64,UklG\" }\n\n"
        "![自己的](/assets/img/gpu.png){: .my-frame }\n"})
    warnings = [(w.line, w.message) for w in imported.report.warnings]
    assert len(warnings) == 1 and warnings[0][0] == 15 and "`.my-frame`" in warnings[0][1]
    out = built(tmp_path, imported)
    article = parse_html(page(out, "/posts/gpu/")).one("article")
    images = {img["alt"]: img for img in article.find_all("img")}
    assert images["寄存器"].classes == ["float-left"]
    assert (images["寄存器"]["width"], images["寄存器"]["height"]) == ("320", "160")
    assert images["共享内存"].classes == ["float-right"] and images["共享内存"]["width"] == "320"
    assert images["全局内存"].classes == ["align-left"]
    assert images["占位"].classes == [] and images["占位"].get("lqip") is None
    assert images["自己的"].classes == ["my-frame"]
    assert "{:" not in article.text()
