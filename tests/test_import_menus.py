"""Drop-down menus of other generators' sites become Lanting's `[[menu.children]]`: the
old site's navigation keeps its groups, rather than being flattened or losing them."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import jekyll_site
from test_import import hugo_import, written
from test_import_docusaurus import imported_tiny as docusaurus_site

from lanting.build import build
from lanting.build.options import BuildOptions


def test_hugo_entries_under_a_parent_are_its_drop_down(tmp_path: Path) -> None:
    """Hugo's `parent` (an entry's `identifier`, else its name; or a page's own `menu:
    main: {parent: …}`) put the entry in its parent's drop-down: the import dropped it,
    and the parent, having no URL, became a link to the home page."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n'
                     '[[menus.main]]\nname = "博客"\nurl = "/posts/"\nweight = 1\n'
                     '[[menus.main]]\nidentifier = "notes"\nname = "笔记"\nweight = 2\n'
                     '[[menus.main]]\nname = "机器学习"\nurl = "/ml/"\nparent = "notes"\n'
                     'weight = 1\n'
                     '[[menus.main]]\nname = "深度"\nurl = "/ml/deep/"\nparent = "机器学习"\n'
                     '[[menus.main]]\nname = "无处"\nurl = "/x/"\nparent = "missing"\n',
        "content/ml.md": "---\ntitle: 机器学习\n---\n\n笔记。\n",
        "content/ml/deep.md": "---\ntitle: 深度学习\n---\n\n笔记。\n",
        "content/systems.md": "---\ntitle: 系统\nmenu:\n  main:\n    parent: notes\n"
                              "    weight: 2\n---\n\n笔记。\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nA.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"] == [
        {"name": "博客", "url": "/blog/"},
        {"name": "笔记", "children": [{"name": "机器学习", "url": "/ml/"},
                                      {"name": "深度", "url": "/deep/"},
                                      {"name": "系统", "url": "/systems/"}]}]
    assert "[[menu.children]]" in written(imported, "lanting.toml")
    result = build(imported.dest, BuildOptions(output=tmp_path / "out", cache=False))
    assert [str(w) for w in result.warnings] == []


def test_jekyll_navigation_children_are_a_drop_down(tmp_path: Path) -> None:
    """minimal-mistakes' `_data/navigation.yml` entry with `children:` (a drop-down of its
    theme's masthead) kept its title and link and lost the list."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: minimal-mistakes-jekyll\n",
        "_data/navigation.yml": "main:\n  - title: Posts\n    url: /posts/\n"
                                "  - title: Notes\n    children:\n"
                                "      - title: Optimisation\n        url: /optim/\n"
                                "      - title: Gone\n        url: /gone/\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nText.\n",
        "optim.md": "---\ntitle: Optimisation\npermalink: /optim/\n---\n\nSGD.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"][-1] == {"name": "Notes", "children": [{"name": "Optimisation",
                                                                 "url": "/optim/"}]}


def test_docusaurus_navbar_drop_downs_are_drop_downs(tmp_path: Path) -> None:
    """A navbar item `type: 'dropdown'` with `items`: its links were read as entries of
    their own, in the menu's top row, and the drop-down's name was lost."""
    imported, _out = docusaurus_site(tmp_path, {
        "docusaurus.config.js": """\
            module.exports = {
              title: 'Notes',
              url: 'https://notes.example.org',
              baseUrl: '/',
              presets: [['classic', {docs: {routeBasePath: '/'}}]],
              themeConfig: {
                navbar: {
                  title: 'Notes',
                  logo: {alt: 'Logo', src: 'img/logo.svg'},
                  items: [
                    {type: 'dropdown', label: 'Courses', position: 'left', items: [
                      {label: 'Optimisation', to: '/optim'},
                      {label: 'Elsewhere', href: 'https://example.org/course'},
                    ]},
                    {to: '/blog', label: 'Blog', position: 'left'},
                  ],
                },
              },
            };
            """,
        "docs/index.md": "---\nslug: /\ntitle: Welcome\n---\n\nHello.\n",
        "docs/optim.md": "---\ntitle: Optimisation\n---\n\nSGD.\n",
        "blog/2024-01-01-a.md": "---\ntitle: A\n---\n\nA.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"] == [
        {"name": "Courses", "children": [{"name": "Optimisation", "url": "/optim/"},
                                         {"name": "Elsewhere",
                                          "url": "https://example.org/course"}]},
        {"name": "Blog", "url": "/blog/"}]
