"""The Next.js importer on Nextra sites: a Chinese notes site on the docs theme (pages
under `pages/`, titles and the navbar in `_meta.json`, the site's name in
`theme.config.jsx`, Nextra's `<Callout>`, `<Tabs items>` and `<Steps>`), and a blog on
the blog theme (`type: posts` for its list, `tag: a, b`, `navs`). Both were read as a
folder of notes: only the README imported. Small sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import NOW, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site

_DOCS_CONFIG = """\
const withNextra = require('nextra')({
  theme: 'nextra-theme-docs',
  themeConfig: './theme.config.jsx',
})
module.exports = withNextra({images: {unoptimized: true}})
"""
_DOCS_THEME = """\
export default {
  logo: (
    <>
      <img src='/logo.svg' alt='logo' />
      <span style={{ marginLeft: '.4em' }}>强化学习笔记</span>
    </>
  ),
  useNextSeoProps() {
    return { titleTemplate: '%s – RL Notes' }
  },
}
"""
_PPO = """\
import { Callout, Tabs, Steps } from 'nextra/components'

# PPO 算法

<Callout type="warning" emoji="⚠️">
  裁剪范围通常取 **0.2**。
</Callout>

<Tabs items={['PyTorch', 'JAX']}>
  <Tabs.Tab>
```python
loss = -torch.min(ratio * adv, clipped * adv)
```
  </Tabs.Tab>
  <Tabs.Tab>
```python
loss = -jnp.minimum(ratio * adv, clipped * adv)
```
  </Tabs.Tab>
</Tabs>

<Steps>
### 采样

收集若干条轨迹。

### 更新

多轮小批量梯度。
</Steps>
"""


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Imported, Path]:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, files)
    assert detect(source) == "nextjs"
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def test_a_nextra_docs_site_keeps_its_pages_title_and_navbar(tmp_path: Path) -> None:
    imported, out = _imported(tmp_path, {
        "next.config.js": _DOCS_CONFIG,
        "theme.config.jsx": _DOCS_THEME,
        "README.md": "# 仓库说明\n\n本地运行 `yarn dev`。\n",
        "pages/_meta.json": '{"index": {"title": "首页", "type": "page", "display": "hidden"},'
                            ' "notes": {"title": "笔记", "type": "page"},'
                            ' "about": {"title": "关于", "type": "page"},'
                            ' "gh": {"title": "GitHub ↗", "type": "page",'
                            ' "href": "https://github.com/example", "newWindow": true},'
                            ' "faq": "常见问题"}',
        "pages/faq.md": "## 安装\n\n先装 Python。\n",
        "pages/index.mdx": "# 强化学习笔记\n\n从策略梯度讲起。\n",
        "pages/about.md": "# 关于\n\n一个学生。\n",
        "pages/notes/_meta.json": '{"ppo": "PPO", "a2c": "A2C"}',
        "pages/notes/a2c.md": "# A2C\n\n优势函数。\n",
        "pages/notes/ppo.mdx": _PPO,
    })
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "RL Notes"  # (the suffix of every page's title)
    # (a folder's entry led to its first page in `_meta.json`'s order: `/notes` was none)
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("笔记", "/ppo/"), ("关于", "/about/"), ("GitHub", "https://github.com/example")]
    assert redirect_target(out, "/notes/ppo/") == "/ppo/"  # (the old URL answers)
    ppo = page(out, "/ppo/")
    assert ppo.one("h1").text() == "PPO 算法"  # (the page's `# heading`, after its import)
    prose = ppo.one("div", class_="prose")
    assert "PPO 算法" not in prose.text()  # (not twice)
    callout = prose.one("div", class_="callout")
    assert "warning" in callout.attrs["class"] and "裁剪范围通常取" in callout.text()
    tabs = prose.one("div", class_="tabs")
    assert [label.text() for label in tabs.find_all("label")] == ["PyTorch", "JAX"]
    assert ["torch.min" in tabs.find_all("pre")[0].text(),
            "jnp.minimum" in tabs.find_all("pre")[1].text()] == [True, True]
    assert [h.text() for h in prose.find_all("h3")] == ["采样", "更新"]
    for raw in ("import", "Callout", "Tabs.Tab", "<Steps", ":::"):
        assert raw not in prose.text()
    assert "从策略梯度讲起" in page(out, "/").text()
    # (no `title`, no `# heading`: the title `_meta.json` gives, as Nextra showed it)
    assert page(out, "/faq/").one("h1").text() == "常见问题"
    report = report_of(imported)
    assert "nextjs site" in report and "MDX import of" not in report


_BLOG_THEME = """\
export default {
  footer: <p>MIT 2023 © Lin.</p>,
  readMore: 'Read More →',
  navs: [
    { url: '/posts', name: 'Posts' },
    { url: 'https://github.com/example', name: 'GitHub' },
  ],
}
"""


def test_a_nextra_blog_keeps_its_posts_tags_and_list(tmp_path: Path) -> None:
    imported, out = _imported(tmp_path, {
        "package.json": '{"dependencies": {"next": "^13", "nextra": "^2.13",'
                        ' "nextra-theme-blog": "^2.13"}}\n',
        "next.config.mjs": "import nextra from 'nextra'\nconst withNextra = nextra({theme:"
                           " 'nextra-theme-blog', themeConfig: './theme.config.js'})\n"
                           "export default withNextra()\n",
        "theme.config.js": _BLOG_THEME,
        "pages/index.mdx": "---\ntype: page\ntitle: About\n---\n\nimport Link from 'next/link'"
                           "\n\n# Lin\n\nI train models; see <Link href=\"/posts/kv-cache\">"
                           "<a><strong>KV cache</strong></a></Link>.\n",
        "pages/posts/index.mdx": "---\ntype: posts\ntitle: Posts\n---\n\n# Posts\n",
        "pages/posts/kv-cache.mdx": "---\ntitle: KV cache\ndate: 2023/3/19\n"
                                    "description: Why decoding is memory bound.\n"
                                    "tag: llm, inference ,systems\nauthor: Lin\n---\n\n"
                                    "# KV cache\n\nDecoding reads every key.\n",
        "pages/tags/[tag].mdx": "---\ntype: tag\ntitle: Tagged Posts\n---\n\n"
                                "import { useRouter } from 'next/router'\n",
    })
    post = page(out, "/posts/kv-cache/")
    assert post.one("time").attrs["datetime"].startswith("2023-03-19")
    tags = [a.text() for a in post.find_all("a") if a.attrs.get("href", "").startswith("/tags/")
            and a.attrs["href"] != "/tags/"]
    assert tags == ["#llm", "#inference", "#systems"]  # (the tag string, split at its commas)
    # the theme's list of posts is Lanting's blog, at its old URL too
    assert redirect_target(out, "/posts/") == "/blog/"
    assert not (out / "posts-page").exists()
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("Posts", "/blog/"), ("GitHub", "https://github.com/example")]
    home = page(out, "/").one("div", class_="prose")
    assert "I train models" in home.text()
    # (Next.js 12's `<Link href><a>…</a></Link>`: one link, to the post's new page; it was
    # removed with a warning, its text kept)
    link = home.one("a")
    assert (link.attrs["href"], link.one("strong").text()) == ("/posts/kv-cache/", "KV cache")
    assert "component `<Link>`" not in report_of(imported)
    assert "type: posts" in report_of(imported)


def test_nextra_4s_content_folder_is_published_by_its_catch_all_route(
        tmp_path: Path) -> None:
    """Nextra 4 keeps its pages in `content/`, published by
    `app/[[...mdxPath]]/page.jsx`, and turns formulas on with `latex: true` (or
    remark-math in `mdxOptions`): a mathematics notes site of 69 pages was read as a
    folder of notes, at new URLs, its `$…$` escaped as dollar signs."""
    imported, out = _imported(tmp_path, {
        "next.config.mjs": "import nextra from 'nextra'\n"
                           "const withNextra = nextra({ latex: true, search: true })\n"
                           "export default withNextra({})\n",
        "app/layout.jsx": "export const metadata = { title: '수학 노트' }\n"
                          "export default function Layout({ children }) { return children }\n",
        "app/[[...mdxPath]]/page.jsx": "export default async function Page() {}\n",
        "content/_meta.js": "export default { index: '홈', concept: '개념' }\n",
        "content/concept/_meta.js": "export default {\n  slope: 'Slope',\n"
                                    "  limit: { title: '극한', theme: { toc: false } },\n}\n",
        "content/concept/limit.md": "수열의 극한.\n",
        "content/index.mdx": "# 수학 노트\n\n[기울기](/concept/slope) 부터.\n",
        "content/concept/slope.mdx": "---\ntitle: Slope\n---\n\n# Slope\n\n"
                                     "기울기 $m = \\frac{\\Delta y}{\\Delta x}$.\n",
    })
    target = redirect_target(out, "/concept/slope/")
    slope = page(out, target)
    assert slope.one("h1").text() == "Slope"
    assert slope.one("div", class_="prose").one("span", class_="math-inline").one("mfrac")
    assert page(out, redirect_target(out, "/concept/limit/")).one("h1").text() == "극한"
    home = page(out, "/")
    assert [a.attrs["href"] for a in home.one("div", class_="prose").find_all("a")] == [target]
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "수학 노트"
    assert "escaped" not in report_of(imported)
