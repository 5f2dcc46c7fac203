"""Hexo (and its Butterfly theme) → Lanting.

Posts in `source/_posts/` (sub-folders allowed) and `source/_drafts/`, their images in the
post asset folder beside them (`post_asset_folder`) or under `source/`; old URLs from the
`permalink` pattern (`:year/:month/:day/:title/` by default; `:title` is the path under
`_posts/`, case and Chinese kept; any front-matter key such as hexo-abbrlink's
`:abbrlink`), front-matter `permalink:` and `root`. Categories: a flat list is one
hierarchy, a list of lists several (Lanting keeps each leaf). Bodies: Nunjucks tags of
Hexo (`asset_img`, `post_link`, `codeblock`, `raw`, …) and Butterfly (`note`, `tabs`,
`hideToggle`, `hideInline`, `btn`, …), fence captions and options, and the Markdown
escapes hexo-renderer-marked needed inside math (converted in `hexo_bodies.py`). The
pages of `source/` are read in `hexo_pages.py`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.errors import UsageError
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    date_of,
    mtime,
    read_text,
    walk,
)
from lanting.importer.hexo_bodies import HexoBodies
from lanting.importer.hexo_code import drawn_diagrams
from lanting.importer.hexo_config import hexo_posts_folder, settings_file
from lanting.importer.hexo_front import (
    HexoFront,
    hexo_fences,
    hexo_tabs,
    hierarchies,
    lock_reason,
    singular_keys,
)
from lanting.importer.hexo_math import markdown_it_tex, math_opt_in, server_mathjax
from lanting.importer.hexo_pages import HTML, MARKDOWN, HexoPages
from lanting.importer.hexo_pinyin import pinyin_settings
from lanting.importer.hexo_settings import HexoSettings
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import key_line, load_mapping, names, split_front_matter, zone

_RENDERERS = re.compile(r'"(hexo-renderer-(?:marked|kramed|pandoc|'
                        r'markdown-it(?:-plus|-katex)?|multi-markdown-it))"\s*:')


def is_bare_source(source: Path) -> bool:
    """Whether `source` is a Hexo site's `source/` folder kept alone (a "BlogSource"
    repository): `_posts/` and no `_config.yml` or `source/` beside it."""
    return (source / "_posts").is_dir() and not (source / "_config.yml").is_file() \
        and not (source / "source").is_dir()


def markdown_renderer(package: str) -> str | None:
    """The Markdown renderer of `package.json` that rendered the posts: of several (a
    site that added hexo-renderer-pandoc and kept marked), the one registered last, as
    Hexo loads its plugins in the order `package.json` lists them (npm's alphabetical
    one); None if none is named."""
    found = _RENDERERS.findall(package)
    return found[-1] if found else None


def _setting(section: Any, key: str, default: bool) -> Any:
    """A renderer's setting in its section of `_config.yml`, `default` when the section
    or the key is missing (the renderers `Object.assign` their defaults under it)."""
    return section.get(key, default) if isinstance(section, dict) else default


class Hexo(HexoSettings, HexoBodies, HexoFront, HexoPages):
    kind = "hexo"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        # (a repository of Hexo's `source/` folder alone: `_posts/`, `about/`, no settings)
        bare = is_bare_source(source)
        # (a repository of Hexo's `_posts/` alone: the posts, no pages or static files)
        self.posts_alone = not bare and not (source / "source").is_dir() \
            and hexo_posts_folder(source)
        bare = bare or self.posts_alone
        self.files = source if bare else source / "source"
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        settings = settings_file(source)
        if not bare and not settings.is_file():
            # (`--from hexo` on a folder of posts alone: Python's "No such file" was all
            # the command said)
            raise UsageError(f"{source} has no `_config.yml`: a Hexo site keeps its "
                             "settings there and its posts in `source/_posts/` (a folder "
                             "holding `_posts/` is read as Hexo's `source/`); for a folder "
                             "of posts alone, put them in a `_posts/` folder")
        # (Hexo's YAML renderer, like its front matter, reads a tab opening a line as
        # two spaces: a `_config.yml` indented so was refused whole, title and all)
        self.config, error = load_mapping("yaml", "" if bare else hexo_tabs(read_text(settings)))
        if error:
            report.warn(settings.name, None, f"could not read it: {error}")
        if settings.name != "_config.yml" and not bare:
            report.note(settings.name, None, "no `_config.yml`: the site's settings are "
                        "read from this file, which holds Hexo's own (`hexo --config`)")
        if self.posts_alone:
            report.note(".", None, "no `_config.yml`: the folder is Hexo's `_posts/` "
                        "alone, read with Hexo's default settings")
        elif bare:
            report.note("_posts/", None, "no `_config.yml`: the folder is Hexo's `source/` "
                        "alone, read with Hexo's default settings (add the old "
                        "`_config.yml` beside `_posts/` to carry over its title, language "
                        "and permalinks)")
        self.theme = self.theme_config()
        self.theme_source = source / "themes" / str(self.config.get("theme") or "-") / "source"
        self.tz = zone(options.timezone or self.config.get("timezone"))
        root = str(self.config.get("root") or "/")
        self.root = "/" + root.strip("/") + "/" if root.strip("/") else "/"
        self.table = LinkTable(self.site)
        self.listings = Redirects(self.site, report, "_config.yml")
        self.posts: list[tuple[Item, str, Path]] = []
        self.terms: list[tuple[Item, list[list[str]], list[str]]] = []
        """Each post's category hierarchies and tags as Hexo had them (for old URLs)."""
        self.by_name: dict[str, Item] = {}
        self.by_source: dict[Path, Item] = {}
        self.asks_mermaid = False
        """Whether a post's front matter asked the theme for Mermaid (`mermaid: true`)."""
        language = self.config.get("language")  # Hexo allows a list: the first is the site's
        self.language = language_tag(language[0] if isinstance(language, list) and language
                                     else language, "")
        package = source / "package.json"
        renderer = markdown_renderer(read_text(package)) if package.is_file() else None
        # (posts kept alone, written in an editor that shows TeX as written, Obsidian's:
        # which renderer read them is unknown, so marked's escapes are not assumed)
        self.marked = renderer == "hexo-renderer-marked" if package.is_file() \
            else not self.posts_alone
        self.kramed = renderer == "hexo-renderer-kramed"
        # hexo-renderer-pandoc made pandoc's ids; markdown-it-plus and multi-markdown-it
        # turned on markdown-it-toc-and-anchor, whose ids are uslug's (`#推荐xorg配置`
        # for `## （推荐）Xorg配置`); marked, markdown-it and kramed made hexo-util's
        # `slugize` ones.
        self.heading_ids = "pandoc" if renderer == "hexo-renderer-pandoc" else "uslug" \
            if renderer in ("hexo-renderer-markdown-it-plus",
                            "hexo-renderer-multi-markdown-it") else "hexo"
        self.breaks = self.line_breaks(renderer, read_text(package) if package.is_file()
                                       else "")
        self.tex_plugin = markdown_it_tex(renderer, self.config)
        self.tag_katex = '"hexo-tag-katex"' in (read_text(package) if package.is_file() else "")
        # (a theme loading MathJax only on the posts asking for it: `$` on the others was
        # a dollar sign, unless the renderer or hexo-filter-mathjax made the formulas)
        self.math_keys = () if self.tex_plugin or server_mathjax(
            self.config, read_text(package) if package.is_file() else "") \
            else math_opt_in(str(self.config.get("theme") or ""), self.theme)
        self.dollars: set[Path] = set()
        """Posts and pages whose theme loaded no math: their `$` escaped."""
        self.diagrams = drawn_diagrams(read_text(package) if package.is_file() else "")
        self.prepend_root = self.marked_prepends_root(read_text(package)
                                                      if package.is_file() else "")
        category_map = self.config.get("category_map")
        self.category_map = category_map if isinstance(category_map, dict) else {}
        # (its settings do nothing where `package.json` does not install it)
        self.pinyin = pinyin_settings(self.config) if not package.is_file() or \
            '"hexo-permalink-pinyin"' in read_text(package) else None

    def line_breaks(self, renderer: str | None, package: str) -> bool:
        """Whether the renderer made a line end inside a paragraph a `<br>`. Each of
        Hexo's Markdown renderers but pandoc set `breaks: true` unless the site's
        settings said otherwise: marked (`marked:`), kramed (`kramed:`),
        hexo-renderer-markdown-it from version 4 and multi-markdown-it (`markdown:
        {render: …}`; markdown-it 3 kept markdown-it's `false`), markdown-it-plus
        (`markdown_it_plus:`)."""
        markdown = self.config.get("markdown")
        render = markdown.get("render") if isinstance(markdown, dict) else None
        if self.marked:
            key, default = "marked", True
        elif renderer == "hexo-renderer-kramed":
            key, default = "kramed", True
        elif renderer == "hexo-renderer-markdown-it-plus":
            # (its `== null` test: a `breaks:` with no value is `true` too)
            value = _setting(self.config.get("markdown_it_plus"), "breaks", True)
            return value is None or bool_of(value)
        elif renderer == "hexo-renderer-pandoc":
            return False
        else:
            version = re.search(r'"hexo-renderer-markdown-it"\s*:\s*"[^"\d]*(\d+)', package)
            old = renderer == "hexo-renderer-markdown-it" and version is not None \
                and int(version.group(1)) < 4
            # (markdown-it's own default, `false`, for none named or one not read here)
            known = renderer in ("hexo-renderer-markdown-it",
                                 "hexo-renderer-multi-markdown-it")
            return bool_of(_setting(render, "breaks", known and not old))
        return bool_of(_setting(self.config.get(key), "breaks", default))

    def marked_prepends_root(self, package: str) -> bool:
        """Whether hexo-renderer-marked put `root` before a Markdown image's relative
        path that is no asset of the post (`![](img/a.svg)` → `/img/a.svg`, a file of
        `source/img/`): its `prependRoot`, on by default since version 5, off under
        `relative_link`."""
        marked = self.config.get("marked")
        if not self.marked or bool_of(self.config.get("relative_link")):
            return False
        if isinstance(marked, dict) and "prependRoot" in marked:
            return bool_of(marked["prependRoot"])
        version = re.search(r'"hexo-renderer-marked"\s*:\s*"[^"\d]*(\d+)', package)
        return version is None or int(version.group(1)) >= 5

    def theme_config(self) -> dict[str, Any]:
        theme = str(self.config.get("theme") or "")
        for path in (self.source / f"_config.{theme}.yml",
                     self.source / "themes" / theme / "_config.yml"):
            if theme and path.is_file():
                data, _error = load_mapping("yaml", hexo_tabs(read_text(path)))
                return data
        return {}

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        self.read_posts()
        if not self.posts_alone:  # (its folder holds the posts and their pictures alone)
            self.read_pages()
        if not self.language:
            self.language = guess_language([text for _, text, _ in self.posts])
            self.report.note("_config.yml", None, f"no `language`: the posts read as "
                             f"`{self.language}`, so the new site is in it (`language` in "
                             "lanting.toml changes it)")
        # (the listing pages first: a post's link to one whose new URL differs only in
        # case is pointed at it)
        self.listing_redirects()
        for item, text, path in self.posts:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        if self.report.converted["line ends as hard breaks (breaks: true)"]:
            self.report.note("_config.yml", None, "`breaks: true` (the renderer's "
                             "setting, the default of all but pandoc): a line end inside a "
                             "paragraph was a line break; Lanting joins such lines, so the "
                             "import ends each with `\\` (a hard break)")
        if not self.posts_alone:
            self.copy_static()
        self.write_config()
        return self.site

    # --- posts --------------------------------------------------------------------------

    def post_files(self) -> list[tuple[Path, bool]]:
        found = []
        for drafted in (False, True):
            root = self.posts_root(drafted)
            for path in walk(root) if root.is_dir() else []:
                if path.suffix.lower() in MARKDOWN and not self.in_asset_folder(path, root):
                    found.append((path, drafted))
                elif path.suffix.lower() in HTML and not self.in_asset_folder(path, root):
                    # (Hexo rendered it as a post, an interactive demo's page: it was left
                    # out with no word)
                    self.report.warn(path, None, "left out: an HTML post (Hexo published "
                                     "it at its permalink); the import reads Markdown "
                                     "posts. To keep it, put its HTML in a Markdown post "
                                     "under `content/posts/`")
        return found

    def posts_root(self, drafts: bool) -> Path:
        if self.posts_alone:
            return self.source / "_drafts" if drafts else self.source
        return self.files / ("_drafts" if drafts else "_posts")

    @staticmethod
    def in_asset_folder(path: Path, root: Path) -> bool:
        """A Markdown file inside a post's asset folder is a resource, not a post."""
        return any((parent.parent / f"{parent.name}.md").is_file()
                   for parent in path.parents if parent != root and parent.is_relative_to(root))

    def pattern(self) -> str:
        return str(self.options.permalink or self.config.get("permalink")
                   or ":year/:month/:day/:title/")

    def read_posts(self) -> None:
        pattern = self.pattern()
        shown = bool_of(self.config.get("render_drafts"))  # (Hexo published `_drafts/`)
        published: dict[str, Path] = {}
        for path, in_drafts in self.post_files():
            drafted = in_drafts and not shown
            text = read_text(path)
            fmt, head, body, _first = split_front_matter(hexo_fences(text))
            data, error = load_mapping(fmt or "yaml", hexo_tabs(head))
            if error:
                self.report.warn(path, 2, f"front matter not read ({error}): the post is "
                                 "imported without it")
            data = singular_keys(data)
            self.math_asked(path, data)
            root = self.posts_root(in_drafts)
            name = path.relative_to(root).with_suffix("").as_posix()
            named_date, title_part = self.from_file_name(path.relative_to(root).as_posix())
            date = date_of(data, head, "date", self.tz) or named_date
            if date is None:
                date = mtime(path, self.tz)
                # (a draft of `_drafts/` has none until `hexo publish` writes it: Hexo's
                # own draft scaffold gives none, and the draft is not published)
                (self.report.note if drafted else self.report.warn)(
                    path, None, "no date in the front matter: the file's modification "
                    "time is used")
            draft = drafted or not bool_of(data.get("published", True))
            lock = lock_reason(self.config, data)
            locked = lock is not None
            if lock is not None and not draft:
                draft = True
                self.warn_locked(path, head, lock)
            # (`_posts/ai/new-bing/index.md`, a post as a folder with its pictures: the
            # folder names it; every such post was `index`, `index-2`, …)
            stem = path.parent.name if path.stem == "index" and path.parent != root \
                else path.stem
            slug = slug_of(title_part or stem)
            if drafted and slug in published:
                beside = self.draft_beside(path, published[slug], slug)
                if beside is None:
                    continue
                slug = beside
            front = self.front(data, head, path, date)
            if draft:
                front["draft"] = True
            item = self.site.add(Item("post", slug, path, front, draft=draft))
            if not draft:
                published.setdefault(slug, path)
            self.terms.append((item, hierarchies(data.get("categories")),
                               names(data.get("tags"))))
            self.report.counts["drafts" if draft else "posts"] += 1
            if not draft or locked:
                # (a post behind a password was published, locked: links to its old URL
                # find the draft, and become its title in plain text, with a warning)
                url = self.old_url(data, pattern, date, title_part or name, path)
                urls = [url] if url else []
                if not draft:
                    item.old_urls = urls
                for url in urls:
                    self.table.add(url, item)
            if drafted:  # (`post_link` found no draft Hexo did not publish)
                self.by_name.setdefault(name, item)
            else:
                self.by_name[name] = item
            self.by_name.setdefault(path.stem, item)
            self.by_name.setdefault(str(front["title"]), item)
            self.by_source[path.resolve()] = item
            self.posts.append((item, body, path))

    def draft_beside(self, path: Path, post: Path, slug: str) -> str | None:
        """The slug of a draft of `_drafts/` named as the post `post` Hexo published (a
        copy left behind, or the next version): none, for a copy of the post's text
        (left out); else `<slug>-draft`, not the post's `-2` with a warning."""
        rel = self.report.rel(post)
        if read_text(path).strip() == read_text(post).strip():
            self.report.note(path, None, f"left out: a copy of {rel}, the post Hexo "
                             "published (it published no draft: `render_drafts` is off)")
            return None
        self.report.note(path, None, f"a draft named as {rel}, the post Hexo published "
                         f"(not the draft: `render_drafts` is off): imported as the "
                         f"draft `{slug}-draft`")
        return f"{slug}-draft"

    def math_asked(self, path: Path, data: dict[str, Any]) -> None:
        """The post or page at `path` did not ask the theme for math (`mathjax: true`)
        where the theme loads it on such posts alone: its `$` were dollar signs."""
        if self.math_keys and not any(bool_of(data.get(k)) for k in self.math_keys):
            self.dollars.add(path)

    def warn_locked(self, path: Path, head: str, lock: tuple[str, str]) -> None:
        self.report.warn(path, key_line(head, lock[1]), f"protected {lock[0]}: imported "
                         "as a draft (Lanting has no password; publishing it would show "
                         "the text to everyone)")
