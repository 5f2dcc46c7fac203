"""The settings of a Hugo site, read and written: its configuration (one file or
`config/_default/`), its languages and its static files → `lanting.toml` (its menus:
`hugo_menus`)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.content.discover import WELL_KNOWN
from lanting.importer.common import GENERATED, LinkTable, bool_of, read_text, walk
from lanting.importer.hexo_settings import MERMAID
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import converting_macros, mathjax_macros
from lanting.importer.listings import Redirects
from lanting.importer.mathjax_numbers import numbering_setting
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import language_tag
from lanting.importer.text import load_mapping
from lanting.model.config import DEFAULT_POST_PERMALINK


def lower_keys(value: Any) -> Any:
    """`value` with the keys of every table lowercased, the values as written: Hugo's
    configuration keys are case-insensitive (`baseurl`, `Title`, `[Permalinks]`)."""
    if isinstance(value, dict):
        return {str(k).lower(): lower_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [lower_keys(v) for v in value]
    return value


def read_config(source: Path) -> tuple[dict[str, Any], list[str]]:
    """The site configuration, from hugo.toml (…) or config/_default/*, merged, with
    every key lowercased (look keys up lowercased: `config["baseurl"]`)."""
    config: dict[str, Any] = {}
    problems: list[str] = []
    for name in CONFIG_NAMES:
        path = source / name
        if path.is_file():
            data, error = load_mapping(path.suffix.lstrip(".").replace("yml", "yaml"),
                                       read_text(path))
            config.update(lower_keys(data))
            if error:
                problems.append(f"{name}: {error}")
            break
    folder = source / "config" / "_default"
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        fmt = path.suffix.lstrip(".").replace("yml", "yaml")
        if fmt not in ("toml", "yaml", "json"):
            continue
        data, error = load_mapping(fmt, read_text(path))
        data = lower_keys(data)
        if error:
            problems.append(f"config/_default/{path.name}: {error}")
        stem = path.stem.lower()
        if stem in ("hugo", "config"):
            config.update(data)
        elif stem in ("menus", "menu"):
            config["menu"] = data
        elif stem.split(".")[0] in ("menus", "menu") and stem.count(".") == 1:
            config.setdefault("menus_of", {})[stem.split(".")[1].lower()] = data
        elif stem.split(".")[0] in ("languages", "params") and stem.count(".") == 1:
            # (Blowfish's `languages.en.toml`: Hugo reads it as `[languages.en]`, and
            # `params.en.toml` as `[languages.en.params]`)
            name, code = stem.split(".")
            table = config.setdefault("languages", {}).setdefault(code, {})
            if name == "params":
                table = table.setdefault("params", {})
            table.update(data)
        else:
            config[stem] = data
    return config, problems


CONFIG_NAMES = ("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml",
                "config.yaml", "config.yml", "config.json")


def mounted(config: dict[str, Any], target: str) -> list[str]:
    """The folders `[[module.mounts]]` mount at `target` (`content`, `static`, `assets`),
    in order: Hugo reads a site's content from `source = "notes"`, `target = "content"`
    (a math wiki's notes), and then no longer from `content/` (a mount replaces the
    default mount of its target). Not a language's (`lang = "zh"`: its pages are read
    with the languages)."""
    module = config.get("module")
    mounts = module.get("mounts") if isinstance(module, dict) else None
    return [str(mount["source"]).strip("/") for mount in mounts or []
            if isinstance(mount, dict) and str(mount.get("target", "")).strip("/") == target
            and str(mount.get("source", "")).strip("/") and not mount.get("lang")]


def content_dir(source: Path, config: dict[str, Any]) -> Path:
    """The site's content folder: the one mounted at `content`, else `contentDir`
    (OWenT's `source/`), else `content/`."""
    for folder in mounted(config, "content"):
        return source / folder
    given = config.get("contentdir")
    return source / (given.strip("/") if isinstance(given, str) and given.strip("/")
                     else "content")


def static_dirs(source: Path, config: dict[str, Any]) -> list[Path]:
    """The folders Hugo copied as they are and merged (`staticDir`, a name or a list;
    `static/`; those mounted at `static` instead, when any is)."""
    given = mounted(config, "static") or config.get("staticdir") or "static"
    return [source / str(name).strip("/") for name in
            (given if isinstance(given, list) else [given]) if str(name).strip("/")] \
        or [source / "static"]


def static_root(source: Path, config: dict[str, Any], url: str) -> Path:
    """The static folder holding the file at `url` (`/img/x.png`), else the first."""
    folders = static_dirs(source, config)
    rel = unquote(url.split("#")[0].split("?")[0]).lstrip("/")
    return next((folder for folder in folders if (folder / rel).is_file()), folders[0])


def assets_dir(source: Path, config: dict[str, Any]) -> Path:
    """The folder of Hugo Pipes' files: the one mounted at `assets`, else `assets/`."""
    return source / next(iter(mounted(config, "assets")), "assets")


DOCS_THEMES = frozenset({"learn", "relearn", "docdock"})
"""Themes of documentation, with no blog (hugo-theme-learn and its forks): a section's
pages are chapters of the book, dated or not (the archetype dates each page)."""


def theme_names(config: dict[str, Any]) -> list[str]:
    """The themes a site is built with, by name (`theme = "hugo-book"` → `book`, the
    module `github.com/imfing/hextra` → `hextra`, `github.com/jpanther/congo/v2` →
    `congo`): where a shortcode means something else in each theme."""
    given = config.get("theme")
    paths = [str(t) for t in (given if isinstance(given, list) else [given]) if t]
    module = config.get("module")
    imports = module.get("imports") if isinstance(module, dict) else None
    paths += [str(i.get("path", "")) for i in imports or [] if isinstance(i, dict)]
    names = []
    for path in paths:
        parts = [p for p in path.lower().split("/") if p and not re.fullmatch(r"v\d+", p)]
        if parts:
            names.append(re.sub(r"^(?:hugo-theme-|hugo-)|(?:-hugo)?-theme$", "", parts[-1]))
    return names


def draws_mermaid(source: Path, config: dict[str, Any]) -> bool:
    """Whether the site drew ```` ```mermaid ```` fences as diagrams: Hextra does, and so
    does a render hook `render-codeblock-mermaid.html` of the site or its theme's copy."""
    given = config.get("theme")
    themes = [str(t) for t in (given if isinstance(given, list) else [given])
              if t and "/" not in str(t)]
    roots = [source / "layouts", *(source / "themes" / theme / "layouts" for theme in themes)]
    return "hextra" in theme_names(config) or any(
        (root / folder / "render-codeblock-mermaid.html").is_file()
        for root in roots for folder in ("_default/_markup", "_markup"))


def config_file(source: Path) -> str:
    """The site's configuration file, for the report."""
    if not any((source / name).is_file() for name in CONFIG_NAMES) \
            and (source / "config" / "_default").is_dir():
        return "config/_default/"
    return next((name for name in CONFIG_NAMES if (source / name).is_file()), "hugo.toml")


@dataclass(frozen=True, slots=True)
class HugoLanguage:
    key: str
    """Hugo's key of the language (`en`, `zh-cn`): its URL folder."""
    code: str
    """Its tag in the new site (`zh-CN`, `en`): a file suffix, or "" for the default."""
    folder: str
    """Where Hugo published it: "" at the root, else `/en`."""
    content: Path
    """Its content folder (`contentDir`; `content/` when the languages share it)."""
    settings: dict[str, Any]


def _weight(languages: dict[str, Any], key: str) -> int:
    data = next((v for k, v in languages.items() if str(k).lower() == key), None)
    weight = data.get("weight") if isinstance(data, dict) else None
    return weight if isinstance(weight, int) else 0


SETUPS = ("layouts", "assets/js", "static/js")
"""Where a Hugo site sets its MathJax or KaTeX up: a partial of `layouts/`, or a script."""

class HugoSettings:
    """The settings side of the Hugo importers."""

    source: Path
    content: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    params: dict[str, Any]
    language: str
    languages: list[HugoLanguage]
    redirects: Redirects
    sections: dict[str, int]
    main: str
    page_menus: list[dict[str, Any]]
    table: LinkTable
    menu: Callable[[], None]
    """(`HugoMenus.menu`: the `[[menu]]` of the site's and its languages' menus.)"""

    def read_languages(self) -> list[HugoLanguage]:
        """`[languages]` (with `defaultContentLanguage`, `weight`, `contentDir`,
        `languageName`, `title`): each language's code in the new site — the default's
        from its `languageCode`, the others' from their key, so that their folder
        (`/en/`) stays what Hugo made it."""
        given = self.config.get("languages")
        default_key = str(self.config.get("defaultcontentlanguage") or "en").lower()
        if not isinstance(given, dict) or not given:
            return [HugoLanguage(default_key, self.language, "", self.content, {})]
        if len(given) == 1:  # (one language: its menu, title, subfolder are the site's)
            default_key = str(next(iter(given))).lower()
        keys = sorted((str(k).lower() for k in given), key=lambda k: (
            k != default_key, _weight(given, k), k))
        settings = {str(k).lower(): v if isinstance(v, dict) else {} for k, v in given.items()}
        found = []
        for key in keys:
            data = settings[key]
            content = self.source / str(data["contentdir"]) if data.get("contentdir") \
                else self.content
            if key == default_key:
                code = language_tag(data.get("languagecode") or self.config.get("languagecode")
                                    or key)
                self.language = code
            else:
                code = language_tag(key)
            found.append(HugoLanguage(key, code, "" if key == default_key else f"/{key}",
                                      content, data))
        if bool_of(self.config.get("defaultcontentlanguageinsubdir")):
            found[0] = replace(found[0], folder=f"/{found[0].key}")
        return found

    def copy_static(self) -> None:
        for static in static_dirs(self.source, self.config):
            if static.is_relative_to(self.content) and any(static.rglob("*.md")):
                # (OWenT's `staticDir: source/post`, the posts' own folder: its files
                # are the pages and their images, imported with them; copied, every
                # post's Markdown would be published raw)
                continue
            # (`.well-known/`, which walk skips as hidden: Hugo published it, and so does
            # Lanting)
            files = [*walk(static), *walk(static / WELL_KNOWN)] if static.is_dir() else []
            for path in files:
                rel = path.relative_to(static).as_posix()
                if rel in GENERATED:  # (a hand-written robots.txt, a 404 page)
                    self.report.note(path, None, f"left out: Lanting makes its own {rel}")
                    continue
                # (Hugo merges the folders; on a clash the later one's file wins)
                self.site.static[rel] = path
                self.report.counts["static files"] += 1

    def write_config(self) -> None:
        config = self.site.config
        # (a language's own `title` and `[params]`, Blowfish's `languages.zh-cn.toml`, are
        # what the site showed in it)
        own = self.languages[0].settings
        given = own.get("params")
        own_params: dict[str, Any] = given if isinstance(given, dict) else {}
        author = own_params.get("author") or self.params.get("author")
        if isinstance(author, dict):
            author = author.get("name")
        config["title"] = str(own.get("title") or self.config.get("title") or author
                              or "My site")
        if author:
            config["author"] = str(author)
        config["language"] = self.language
        if self.config.get("baseurl"):
            base = str(self.config["baseurl"]).rstrip("/") + "/"
            if base.startswith("//") or re.match(r"[\w-]+(\.[\w-]+)+(:\d+)?/", base):
                # (`baseURL: "//owent.net"`: Hugo's pages linked by the reader's scheme;
                # a bare domain, `tianlezhang.github.io`, is the site GitHub Pages
                # published; Lanting's feeds and sitemap need one, the build refused it)
                base = "https:" + ("" if base.startswith("//") else "//") + base
                self.report.note(config_file(self.source), None, f"`baseURL` "
                                 f"`{self.config['baseurl']}` has no scheme: `{base}`")
            config["base_url"] = base
        description = self.params.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = description.strip()
        links = []
        for icon in self.params.get("socialicons") or []:
            if isinstance(icon, dict) and str(icon.get("url", "")).startswith("http"):
                links.append({"name": str(icon.get("name", "")).title().replace("Github",
                                                                                "GitHub"),
                              "url": str(icon["url"])})
        if links:
            config["links"] = links
        home = own_params.get("homeinfoparams") or self.params.get("homeinfoparams")
        if isinstance(home, dict) and home.get("content"):
            self.home().body = join_texts(str(home["content"]), self.home().body)
        self.write_languages()
        if self.languages[0].folder:  # (`defaultContentLanguageInSubdir`: its home page)
            self.redirects.add(self.languages[0].folder + "/", "/")
        self.redirects.finish("list pages (archives, search, sections)")
        self.menu()
        config["markdown"] = {"heading_ids": "github"}
        self.site.config_comments["markdown"] = (
            "heading ids as Hugo (Goldmark) made them: #links of the old pages keep working")
        # (the macros of the site's own MathJax or KaTeX setup, in a partial of
        # `layouts/` or a script of its own: its formulas use them)
        setups = SETUPS
        macros = converting_macros(mathjax_macros(self.source, setups), self.report, "layouts/")
        if macros:
            config["markdown"]["math_macros"] = macros
        self.site.config_comments["markdown"] += numbering_setting(
            self.source, setups, config["markdown"], self.report)
        if draws_mermaid(self.source, self.config):
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += "; Mermaid diagrams drawn, as the theme did"
        if self.site.permalink != DEFAULT_POST_PERMALINK:
            config["permalinks"] = {"posts": self.site.permalink}

    def write_languages(self) -> None:
        """`[languages.en]` for each other language (its name, title and description),
        and its home page from its `homeInfoParams`."""
        if len(self.languages) < 2:
            return
        tables: dict[str, dict[str, str]] = {}
        for language in self.languages[1:]:
            data = language.settings
            given = data.get("params")
            params: dict[str, Any] = given if isinstance(given, dict) else {}
            table = {key: str(value).strip() for key, value in (
                ("name", data.get("languagename")), ("title", data.get("title")),
                ("description", params.get("description") or data.get("description")))
                if isinstance(value, str) and value.strip()}
            tables[language.code] = table
            home = params.get("homeinfoparams")
            if isinstance(home, dict) and home.get("content"):
                item = next((i for i in self.site.items if i.kind == "home"
                             and i.lang == language.code), None) or self.site.add(Item(
                    "home", "home", None, {"title": str(home.get("title") or table.get(
                        "title") or "").strip()}, lang=language.code))
                item.body = join_texts(str(home["content"]), item.body)
        if all(tables.values()):
            self.site.config["languages"] = tables
        else:
            self.site.config["languages"] = [self.language, *tables]
        self.site.config_comments["languages"] = (
            "the old site's languages: each other one under its own folder, as before")
        self.report.convert("languages", len(self.languages))

    def home(self) -> Item:
        found = next((i for i in self.site.items if i.kind == "home" and not i.lang), None)
        if found is None:
            author = self.params.get("author")
            title = str(author if isinstance(author, str) else self.config.get("title") or "")
            found = self.site.add(Item("home", "home", None, {"title": title}))
        return found

def join_texts(first: str, then: str) -> str:
    """A home page's text from `homeInfoParams` and, after it, its `_index.md`'s."""
    return "\n\n".join(t.strip() for t in (first, then) if t.strip()) + "\n"


def drafts_built(source: Path, config: dict[str, Any]) -> str:
    """How the site builds its drafts, which published them (`buildDrafts` in its
    configuration, or `hugo -D` in the script that publishes it: a `deploy.sh` copying
    `public/` to the server, a workflow, Netlify's command); "" if it does not."""
    if bool_of(config.get("builddrafts")):
        return "`buildDrafts`"
    return _script_drafts(source)


@lru_cache(maxsize=8)
def _script_drafts(source: Path) -> str:
    """`hugo -D` (or `--buildDrafts`) in a build script of the site, and where; `hugo
    server -D`, the writer's preview, published nothing."""
    scripts = [*sorted(source.glob("*.sh")), source / "Makefile", source / "netlify.toml",
               source / "package.json", *sorted((source / ".github" / "workflows").glob("*.y*ml"))]
    for file in scripts:
        for line in read_text(file).splitlines() if file.is_file() else []:
            try:
                words = shlex.split(line, comments=True)
            except ValueError:
                words = line.split()
            for at in [n for n, word in enumerate(words) if word == "hugo"]:
                command = words[at + 1:]
                command = command[:next((n for n, w in enumerate(command)
                                         if w in ("&&", "||", ";", "|")), len(command))]
                if not {"server", "serve"} & set(command) and {"-D", "--buildDrafts",
                                                               "--buildDrafts=true"} & set(command):
                    return f"`hugo {' '.join(command)}` in `{file.relative_to(source).as_posix()}`"
    return ""
