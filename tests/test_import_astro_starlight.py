"""The Astro importer on Starlight sites, as notes sites and blogs use Astro's docs
theme: the `starlight({…})` integration holds the site's title, description, language
and social links; `src/content/docs/` is published from the root (no route of
`src/pages/` says so), its `index.mdx` a `splash` home page with a hero, notes undated
and a blog's posts dated. Each note was a post dated by the file's time, at a URL of no
old page, and the links between them were dropped. Small sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import NOW, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site

_CONFIG = """\
// @ts-check
import { defineConfig } from "astro/config";
import starlight from "@astrojs/starlight";

export default defineConfig({
  integrations: [
    starlight({
      title: "算法笔记",
      description: "数论与图论的学习笔记",
      social: [
        { icon: "github", label: "GitHub", href: "https://github.com/example/notes" },
      ],
      sidebar: [{ label: "笔记", autogenerate: { directory: "guides" } }],
      defaultLocale: "root",
      locales: { root: { label: "简体中文", lang: "zh-CN" } },
    }),
  ],
});
"""
_CONTENT = """\
import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = {
\tdocs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
};
"""
_HOME = """\
---
title: 算法笔记
template: splash
hero:
  tagline: 一个学生的数论笔记。
  actions:
    - text: 开始阅读
      link: /guides/dirichlet/
      icon: right-arrow
---

## 最近更新

见 [狄利克雷卷积](/guides/dirichlet/)。
"""


def test_a_starlight_notes_site_keeps_its_notes_home_and_settings(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": _CONFIG,
        "src/content.config.ts": _CONTENT,
        "src/content/docs/index.mdx": _HOME,
        "src/content/docs/guides/dirichlet.md":
            "---\ntitle: 狄利克雷卷积\ndescription: 数论函数的卷积\n---\n\n"
            "两个数论函数的卷积。\n\n:::note\n积性函数的卷积仍是积性函数。\n:::\n\n"
            "下一篇：[莫比乌斯反演](../mobius/)。\n",
        "src/content/docs/guides/mobius.md":
            "---\ntitle: 莫比乌斯反演\n---\n\n由 [卷积](/guides/dirichlet/) 推出。\n",
        "src/content/docs/blog/2024-05-01-start.md":
            "---\ntitle: 开始写笔记\ndate: 2024-05-01\n---\n\n第一篇。\n",
    })
    assert detect(source) == "astro"
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["description"], config["language"]) == (
        "算法笔记", "数论与图论的学习笔记", "zh-CN")
    assert [(link["name"], link["url"]) for link in config["links"]] == [
        ("GitHub", "https://github.com/example/notes")]
    # the notes are pages, undated, at their old URLs from the root
    target = redirect_target(out, "/guides/dirichlet/")
    note = page(out, target)
    assert note.one("h1").text() == "狄利克雷卷积"
    assert note.find_all("time") == []
    prose = note.one("div", class_="prose")
    assert "积性函数的卷积仍是积性函数" in prose.one("div", class_="callout").text()
    # (a relative link, from the note's old URL: `../mobius/`)
    assert prose.one("a").attrs["href"] == redirect_target(out, "/guides/mobius/")
    assert page(out, prose.one("a").attrs["href"]).one("h1").text() == "莫比乌斯反演"
    # the dated one is a post
    post = page(out, redirect_target(out, "/blog/2024-05-01-start/"))
    assert post.one("time").attrs["datetime"].startswith("2024-05-01")
    # the splash page is the home page, its hero's words and links its text
    home = page(out, "/")
    assert "一个学生的数论笔记。" in home.text()
    assert any(a.text() == "开始阅读" and a.attrs["href"] == target for a in home.find_all("a"))
    report = report_of(imported)
    assert "file's time" not in report and "leads to no imported page" not in report


def test_starlights_cards_link_cards_and_badges_keep_their_words(tmp_path: Path) -> None:
    """`<Card title>` in a `<CardGrid>`, `<LinkCard title href description />` and
    `<Badge text />` of `@astrojs/starlight/components`: the cards' titles were dropped
    and the link cards and badges left in comments, each with a warning. A site's own
    `<Card>`, not imported from Starlight, is not read as Starlight's."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": _CONFIG,
        "src/content.config.ts": _CONTENT,
        "src/content/docs/index.mdx":
            "---\ntitle: 算法笔记\n---\n\nimport { Card, CardGrid, LinkCard, Badge } from "
            "'@astrojs/starlight/components';\n\n<CardGrid>\n  <Card title=\"数论\" "
            "icon=\"star\">\n    卷积与反演。\n  </Card>\n</CardGrid>\n\n"
            "<LinkCard title=\"狄利克雷卷积\" href=\"/guides/dirichlet/\" "
            "description=\"数论函数的卷积\" />\n\n"
            "新 <Badge text=\"New\" variant=\"tip\" /> 内容。\n",
        "src/content/docs/guides/dirichlet.md": "---\ntitle: 狄利克雷卷积\n---\n\n正文。\n",
        "src/content/docs/guides/own.mdx":
            "---\ntitle: 自己的卡片\n---\n\nimport Card from '../../../components/Card.astro';"
            "\n\n<Card title=\"x\">y</Card>\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/").one("div", class_="prose")
    assert [s.text() for s in prose.find_all("strong")] == ["数论"]
    assert "卷积与反演。" in prose.text()
    link = prose.one("a")
    assert link.text() == "狄利克雷卷积"
    assert link.attrs["href"] == redirect_target(dest / "public", "/guides/dirichlet/")
    assert "数论函数的卷积" in prose.text()
    assert prose.one("mark").text() == "New"
    written = (dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "CardGrid" not in written and "unconverted" not in written
    report = report_of(imported)
    assert "`<Card>`" in report and "own.mdx" in report  # (the site's own card: a warning)
