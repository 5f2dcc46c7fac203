"""Which kind of site a folder is (`lanting import` without `--from`): each generator's
own files, looked for in an order that tells apart the sites that share some (a Quarto
project writing a Hugo site, a Hexo site's `_config.yml` beside Jekyll's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lanting.errors import UsageError
from lanting.importer.detect_folders import JEKYLL_THEME, file_text, pages_folder, quarto_folder
from lanting.importer.hexo_config import HEXO_SETTINGS, hexo_posts_folder, settings_file

LOOKED_FOR = (
    "Quarto (_quarto.yml, here or in one first-level folder, or .qmd files at the root), "
    "distill (_site.yml with a distill:: output), "
    "bookdown (_bookdown.yml), "
    "MkDocs (mkdocs.yml, or Zensical's zensical.toml), "
    "Docusaurus (docusaurus.config.js or .ts), "
    "Quartz (quartz.config.ts with content/), "
    "Astro (astro.config.mjs or .ts with src/content/, src/data/blog/ or a "
    "src/content.config.ts), "
    "Next.js blogs (contentlayer.config.ts or data/siteMetadata.js with data/blog/, "
    "contentlayer.config.ts naming another folder as its contentDirPath, or "
    "velite.config.ts with next.config.*, or @next/mdx or Nextra with Markdown pages in "
    "pages/ or app/), "
    "Gatsby (gatsby-config.js or .ts), "
    "Jupyter Book (_toc.yml, or myst.yml with project.toc, here or in book/ or docs/, or "
    "_toc.yml with _config.yml in one folder of any name), "
    "Sphinx (conf.py with its root document, index.rst or index.md, here or in docs/, doc/, "
    "docs/source/, or one first-level folder or its source/), "
    "VitePress (.vitepress/ at the root or in docs/), "
    "VuePress (.vuepress/ at the root, in docs/ or src/), "
    "docsify (an index.html loading docsify, at the root or in docs/), "
    "mdBook (book.toml with its source folder's SUMMARY.md), "
    "GitBook (.gitbook.yaml or book.json with a SUMMARY.md, or SUMMARY.md and README.md), "
    "Pelican (pelicanconf.py), "
    "Hakyll (site.hs, site.lhs, or a Haskell file in app/, src/ or exe/ importing Hakyll, "
    "or hakyll in a .cabal or package.yaml), "
    "Eleventy (eleventy.config.js, .mjs or .cjs, .eleventy.js, or @11ty/eleventy in "
    "package.json), "
    "Hexo (_config.yml, or a _config.NAME.yml holding Hexo's settings, with source/_posts/ "
    "and hexo in package.json, Hexo's settings or a theme's _config.NAME.yml; or Hexo's "
    "source/ folder alone: _posts/ with Hexo's tags or tag pages; or its _posts/ alone: "
    "dated posts using Hexo's tags), "
    "al-folio (_config.yml with _bibliography/, _news/, _projects/, _publications/, "
    "_talks/, _teaching/, al-folio's first_name: or scholar:, or _pages/about.md at "
    "permalink: /), "
    "Jekyll (_config.yml or _config.yaml with _posts/, _drafts/, _layouts/, jekyll in its "
    "Gemfile, or a remote_theme: other than GitHub Pages' own; here or, GitHub Pages' "
    "other source, in docs/), "
    "Hugo Blox (a Hugo site with content/authors/, a Wowchemy/Hugo Blox module or the "
    "Academic theme), "
    "Zola (zola.toml or config.toml with `base_url`, beside content/), "
    "Hugo (hugo.toml, hugo.yaml, config.toml, config.yaml or config/_default/ with content/ "
    "or its `contentDir` or a module mount's folder), "
    "notes (an Obsidian vault, .obsidian/, a Logseq graph, a Dendron workspace, or any "
    "folder with Markdown files in it)"
)


def _blog_in_collections(source: Path, config: Path) -> bool:
    """Whether the Jekyll site's `config` publishes its blog in collections
    (`jekyll_outputs.blog_collections`)."""
    from lanting.importer.jekyll_outputs import blog_collections
    from lanting.importer.text import load_mapping

    return blog_collections(source, load_mapping("yaml", file_text(config))[0])


_ACADEMIC_FOLDERS = ("_bibliography", "_news", "_projects", "_publications", "_talks",
                     "_teaching", "google_scholar_crawler")
"""The folders of an academic homepage's theme: jekyll-scholar's and al-folio's,
academicpages', AcadHomepage's script of citations."""
_ACADEMIC_KEYS = re.compile(r"^(?:first_name|last_name|scholar)\s*:", re.MULTILINE)
"""al-folio's settings: the owner's name in parts, jekyll-scholar's."""
_ROOT_PERMALINK = re.compile(r"^permalink\s*:\s*[\"']?/[\"']?\s*$", re.MULTILINE)


def _academic(source: Path, config: Path) -> bool:
    """Whether a Jekyll site is an academic homepage of al-folio's, academicpages' or
    AcadHomepage's kind: a folder of theirs, al-folio's settings, or a profile of
    `_pages/` that is the home page (`_pages/about.md` at `permalink: /`). Not a blog
    merely keeping its pages in `_pages/`, as minimal-mistakes and its forks do."""
    if any((source / name).is_dir() for name in _ACADEMIC_FOLDERS) \
            or _ACADEMIC_KEYS.search(file_text(config)):
        return True
    about = source / "_pages" / "about.md"
    return about.is_file() and _ROOT_PERMALINK.search(file_text(about).split("\n---", 1)[0]) \
        is not None


def _is_hugo(source: Path) -> bool:
    """A Hugo configuration beside the content folder it names (a `[[module.mounts]]`
    at `content`, `contentDir`, else `content/`)."""
    configs = ("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml",
               "config.yml")
    if not (any((source / name).is_file() for name in configs)
            or (source / "config" / "_default").is_dir()):
        return False
    if (source / "content").is_dir():
        return True
    from lanting.importer.hugo_settings import content_dir, read_config

    return content_dir(source, read_config(source)[0]).is_dir()


def _renders_for_hugo(quarto: str) -> bool:
    """Whether a Quarto project, beside a Hugo site, makes no site of its own: `type:
    hugo` renders its `.qmd` into the `.md` of the Hugo site, which Hugo builds (its
    posts are the Hugo site's); `type: default`, a project's type when it names none,
    renders documents one by one, no navigation, no listing (a Hugo Blox lab's posts
    prerendered into the HTML its pages embed)."""
    from lanting.importer.text import load_mapping

    project = load_mapping("yaml", quarto)[0].get("project")
    kind = project.get("type") if isinstance(project, dict) else None
    return str(kind or "default").strip().lower() in ("hugo", "default")

_MODULES_NAMED = re.compile(r"^\s*(?:\[\[(?:module\.)?imports\]\]|imports\s*:|theme\s*[=:])",
                            re.MULTILINE)
"""A Hugo configuration naming the theme or modules the site is built with."""


def _hugo_modules(source: Path) -> str:
    """The text naming a Hugo site's theme and modules: its configuration files, and its
    `go.mod` only when they name none. (`go.mod` keeps the requirements of modules the
    site no longer imports: a Congo blog begun from a Hugo Blox starter was read as Hugo
    Blox, and its math left unconverted.)"""
    configs = [p for p in sorted((source / "config" / "_default").glob("*")) if p.is_file()]
    configs += [source / f"{name}.{ext}" for name in ("hugo", "config")
                for ext in ("toml", "yaml", "yml", "json")]
    text = "".join(map(file_text, configs)) + file_text(source / "hugoblox.yaml")
    return text if _MODULES_NAMED.search(text) else text + file_text(source / "go.mod")


_ACADEMIC_THEME = re.compile(r"""^\s*theme\s*[=:]\s*\[?\s*["']?(hugo-)?academic["'\s,\]]""",
                             re.MULTILINE | re.IGNORECASE)
"""Hugo Blox before its modules: the Academic theme by name (`theme = "academic"`)."""

def _is_astro(source: Path) -> bool:
    """An Astro configuration with content collections: `src/content/` (or the
    `src/data/blog/` of AstroPaper 5), or a `src/content.config.ts` naming folders; or
    with Markdown pages (`src/pages/posts/post-1.md`, the blog of Astro's own tutorial)."""
    pages = source / "src" / "pages"
    return any(source.glob("astro.config.*")) and (
        (source / "src" / "content").is_dir() or (source / "src" / "data" / "blog").is_dir()
        or any((source / "src").glob("content.config.*"))
        or any(p.suffix.lower() in (".md", ".mdx") for p in pages.rglob("*.md*")))


_PAGES_THEME = re.compile(r"^(?:remote_theme\s*:|theme\s*:\s*[\"']?"
                          r"(?:jekyll-theme-|minima\b|pages-themes/))", re.MULTILINE)
"""A `_config.yml` choosing a GitHub Pages theme: a repository of Markdown that GitHub
Pages published with its default plugins (each `.md` a page, with or without front
matter, a folder's README its index, titled by its heading), as a folder of notes is
read."""


def _builds_decks(source: Path) -> bool:
    """A build file under `source` makes slides with Pandoc (`pandoc -t revealjs`): a
    repository of decks that GitHub Pages served, whose `_config.yml` (`auto: false`,
    with no posts, layouts or theme) only set Jekyll's options, is a folder of decks."""
    from lanting.importer.notes_decks import pandoc_decks

    return bool(pandoc_decks(source))


def _tool_folder(source: Path, tool: str) -> bool:
    """`.vitepress/` or `.vuepress/` at the root or in a first-level folder (`docs/`,
    hope's `src/`), with a configuration in it."""
    for folder in (source, *sorted(p for p in source.iterdir() if p.is_dir())):
        config = folder / tool
        if config.is_dir() and (any(config.glob("config.*")) or (config / "config").is_dir()):
            return True
    return False


_HEXO_ONLY = re.compile(r"\{%-?\s*(?:post_link|post_path|asset_img|asset_link|asset_path)\s"
                        r"|^type:\s*[\"']?(?:tags|categories)[\"']?\s*$", re.MULTILINE)
"""What only Hexo reads: its tags linking posts and their assets, the pages of its tag
and category lists (`type: tags`)."""


_DATED = re.compile(r"\d{4}-\d{1,2}-\d{1,2}-")


def _hexo_source_folder(source: Path) -> bool:
    """A Hexo site's `source/` folder kept alone (`_posts/`, `about/`, no settings), told
    from a Jekyll folder by what only Hexo reads, in its list pages or its posts."""
    if not (source / "_posts").is_dir() or (source / "source").is_dir():
        return False
    pages = sorted(source.glob("*/index.md"))
    posts = sorted((source / "_posts").rglob("*.md"))[:500]
    # (Jekyll reads a post only by a name that starts with its date: posts named without
    # one, `AINN-Attention.md`, each with its front matter, are Hexo's)
    if posts and not any(_DATED.match(path.name) for path in posts) \
            and all(file_text(path).startswith("---") for path in posts[:20]):
        return True
    return any(_HEXO_ONLY.search(file_text(path)) for path in pages + posts)


def detect(source: Path) -> str:
    """The kind of site `source` is; UsageError naming what was looked for if none."""
    if (source / "lanting.toml").is_file():  # (else its content/ read as a folder of notes)
        raise UsageError(f"{source} is a Lanting site already: `lanting build {source}` "
                         "builds it; nothing to import")
    from lanting.importer.docsify_config import is_docsify_page

    if is_docsify_page(source / "index.html"):
        return "docsify"  # (a generator's site keeps no docsify shell at its root)
    from lanting.importer.mdbook_settings import is_mdbook

    if is_mdbook(source):
        return "mdbook"
    quarto = file_text(source / "_quarto.yml") + file_text(source / "_quarto.yaml")
    if quarto and not (_is_hugo(source) and _renders_for_hugo(quarto)):
        return "quarto"  # (a Quarto project of `type: hugo` only writes a Hugo site's .md)
    if any((source / name).is_file() for name in ("mkdocs.yml", "mkdocs.yaml",
                                                  "zensical.toml")):
        return "mkdocs"  # (Zensical's settings are MkDocs' own, in TOML)
    if any(source.glob("docusaurus.config.*")):
        return "docusaurus"
    if any(source.glob("quartz.config.*")) and (source / "content").is_dir():
        return "quartz"
    if _is_astro(source):
        return "astro"
    if (any(source.glob("contentlayer.config.*")) or (source / "data" / "siteMetadata.js")
            .is_file()) and (source / "data" / "blog").is_dir():
        return "nextjs"
    from lanting.importer.nextjs_settings import contentlayer_root
    if contentlayer_root(source) is not None:
        return "nextjs"  # (Contentlayer reads the Markdown of its `contentDirPath`)
    if any(source.glob("velite.config.*")) and (any(source.glob("next.config.*")) or re.search(
            r'"next"\s*:', file_text(source / "package.json"))):
        return "nextjs"  # (Velite reads the Markdown its routes publish)
    from lanting.importer.nextjs_settings import mdx_routes
    if mdx_routes(source):
        return "nextjs"  # (`@next/mdx`: Markdown pages of `pages/` or `app/` are routes)
    from lanting.importer.nextjs_fs import fs_collections
    if fs_collections(source):
        return "nextjs"  # (its own code reads `posts/` with `fs`, as Next.js's tutorial)
    if any(source.glob("gatsby-config.*")):
        return "gatsby"
    if (source / "pelicanconf.py").is_file():
        return "pelican"
    from lanting.importer.hakyll_rules import is_hakyll

    if is_hakyll(source):
        return "hakyll"  # (a Haskell program importing Hakyll: no settings file of its own)
    from lanting.importer.eleventy_settings import is_eleventy

    if is_eleventy(source):
        return "eleventy"
    from lanting.importer.jupyterbook_toc import book_folder

    if book_folder(source) is not None:
        return "jupyter-book"
    from lanting.importer.sphinx import sphinx_folder

    if sphinx_folder(source) is not None:
        return "sphinx"
    if quarto_folder(source) is not None:
        return "quarto"  # (read from there: `import_site` takes `quarto_folder`)
    for tool, kind in ((".vitepress", "vitepress"), (".vuepress", "vuepress")):
        if _tool_folder(source, tool):
            return kind
    from lanting.importer.jekyll_settings import config_file

    config = config_file(source)  # (`_config.yml`, or Jekyll's other name `_config.yaml`)
    settings = settings_file(source)  # (or the `_config.main.yml` a build script names)
    if settings.is_file() and (source / "source" / "_posts").is_dir():
        package = source / "package.json"
        try:
            dependencies = json.loads(file_text(package)) if package.is_file() else {}
        except json.JSONDecodeError:
            dependencies = {}
        if "hexo" in json.dumps(dependencies) or (source / "scaffolds").is_dir() \
                or HEXO_SETTINGS.search(file_text(settings)) or any(source.glob("_config.*.yml")):
            return "hexo"  # (many a repository keeps only `_config.yml` and `source/`)
    academic = config.is_file() and _academic(source, config)
    if config.is_file() and ((source / "_posts").is_dir() or (source / "_drafts").is_dir()
                             or any(source.glob("*/_posts"))):
        return "al-folio" if academic else "jekyll"
    if config.is_file() and academic:
        if not (source / "_pages").is_dir() and _blog_in_collections(source, config):
            return "jekyll"  # (jekyll-scholar's `_bibliography/` beside the posts' collections)
        return "al-folio"  # a homepage without a blog (many delete `_posts/`)
    if config.is_file() and (source / "_pages").is_dir():
        return "jekyll"  # (a site of pages kept in `_pages/`, as minimal-mistakes keeps them)
    from lanting.importer.zola_config import is_zola

    if is_zola(source):  # (its config.toml and content/ read as Hugo's otherwise)
        return "zola"
    if _is_hugo(source):
        modules = _hugo_modules(source)
        if (source / "content" / "authors").is_dir() or (source / "data" / "authors").is_dir() \
                or any(word in modules.lower() for word in ("wowchemy", "hugoblox",
                                                            "hugo-blox")) \
                or _ACADEMIC_THEME.search(modules):  # (`config/_default/` too)
            return "hugo-blox"
        return "hugo"
    if config.is_file() and ((source / "_layouts").is_dir()
                             or "jekyll" in file_text(source / "Gemfile").lower()):
        return "jekyll"  # (a site of pages: its posts, if any, are dated pages)
    docs = pages_folder(source)
    if docs is not None:
        return detect(docs)  # (read from there: `import_site` takes `pages_folder`)
    if "distill::" in file_text(source / "_site.yml") + file_text(source / "_site.yaml"):
        return "distill"  # (an R Markdown website of distill's: its posts in `_posts/`,
        # where knitr's leftovers, `post.knit.md`, looked like a Hexo folder's posts)
    if not config.is_file() and (_hexo_source_folder(source) or hexo_posts_folder(source)):
        return "hexo"
    if is_docsify_page(source / "docs" / "index.html"):
        return "docsify"
    if not config.is_file() and any(source.glob("*.qmd")):
        return "quarto"  # (documents rendered alone, `quarto render talk.qmd`: no project)
    from lanting.importer.bookdown import is_bookdown

    if is_bookdown(source):
        return "bookdown"  # (an R Markdown book: read before its rendered copy's `.md`)
    if is_eleventy(source, package_only=True):
        return "eleventy"  # (no configuration: after every generator's own files)
    from lanting.importer.gitbook_settings import is_gitbook

    if is_gitbook(source):
        return "gitbook"  # (a SUMMARY.md may sit in many a repository: after the others)
    from lanting.importer.notes import has_notes

    # (not beside a generator's settings or posts folder that made no site: Quartz's own
    # docs/ without content/, a `_posts/` of neither Jekyll nor Hexo)
    decks = config.is_file() and _builds_decks(source)
    if config.is_file() and not decks and JEKYLL_THEME.search(file_text(config)):
        return "jekyll"
    pages = config.is_file() and (_PAGES_THEME.search(file_text(config)) is not None or decks)
    if has_notes(source) and (pages or not config.is_file()) \
            and not (source / "_posts").is_dir() \
            and not any(source.glob("quartz.config.*")):
        return "notes"  # (no generator's settings, or GitHub Pages' theme alone: a vault, notes)
    from lanting.importer.built_output import generator_of

    built = generator_of(source / "index.html")
    if built is not None:  # (the whole list of what was looked for said nothing of it)
        raise UsageError(f"{source} holds the pages a {built} site published, not its "
                         "sources: import the branch or folder that holds its settings and "
                         "Markdown (a `source` or `hexo` branch, the repository `hexo "
                         "deploy` or `hugo` published from)")
    if any(source.glob("*.jemdoc")):  # (a homepage of jemdoc's markup, beside its HTML)
        raise UsageError(f"{source} is a jemdoc site (`index.jemdoc`, `MENU`): Lanting does "
                         "not read jemdoc's markup; write its pages as Markdown in a new site "
                         "(`lanting new`), its papers into content/publications.bib")
    raise UsageError(f"{source} is not a site Lanting can import: looked for {LOOKED_FOR}")
