"""The `lanting` command's arguments: every one described, its default shown, examples in
each command's help, and a "did you mean" for a mistyped command."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any, NoReturn

from lanting import __version__
from lanting.content.metrics import OPENALEX
from lanting.errors import did_you_mean
from lanting.output.region import REGIONS

CONTENT_KINDS = ("post", "talk", "page")
"""`lanting new KIND TITLE` writes one of these; any other first word is a site folder."""

GH_PAGES = "gh-pages"
"""`lanting deploy --to gh-pages`: a branch of the site's repository, not a folder (a
folder of that name is `--to ./gh-pages`)."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, with a hint for a command that is almost a known one."""

    def error(self, message: str) -> NoReturn:
        typed = re.search(r"invalid choice: '([^']*)'", message)
        if typed:
            choices = [name for action in self._actions
                       if isinstance(action, argparse._SubParsersAction)
                       for name in action.choices]
            hint = did_you_mean(typed.group(1), choices)
            if hint:
                message = f"unknown command `{typed.group(1)}`: {hint}"
        super().error(message)


def _command(commands: Any, name: str, text: str, examples: str, **kw: Any) -> Parser:
    parser: Parser = commands.add_parser(
        name, help=text, description=text[0].upper() + text[1:] + ".",
        epilog="examples:\n" + examples, formatter_class=argparse.RawDescriptionHelpFormatter,
        **kw)
    return parser


def _site(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site", nargs="?", type=Path, default=Path("."), metavar="SITE",
                        help="the site folder, holding lanting.toml (default: the current "
                        "folder)")


def _building(parser: argparse.ArgumentParser, serve: bool = False) -> None:
    """Options `build`, `serve` and `deploy` share."""
    if serve:
        parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                            help="the folder `lanting build` writes into, which serve "
                            "leaves out of watching (serve itself writes nothing; default: "
                            "SITE/public)")
    else:
        parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                            help="output folder (default: SITE/public)")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings as errors (default: warnings are printed)")
    parser.add_argument("--no-cache", action="store_true",
                        help="ignore and do not update the build cache in SITE/.lanting/ "
                        "(default: use it)")
    parser.add_argument("-j", "--jobs", type=_jobs, default=0, metavar="N",
                        help="worker processes (default: 0, one per CPU; at most twice "
                        "the CPUs)")


def _base_url(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base-url", metavar="URL",
                        help="use URL instead of lanting.toml's base_url (default: "
                        "lanting.toml's)")
    parser.add_argument("--default-base-url", metavar="URL",
                        help="base_url when lanting.toml sets none (the generated GitHub "
                        "workflow passes the repository's Pages address; default: /)")


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if jobs < 0:
        raise argparse.ArgumentTypeError(f"{text}: give 0 (one per CPU) or more")
    return jobs


def build_parser() -> Parser:
    parser = Parser(
        prog="lanting", description="Build academic homepages with a technical blog.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
        "  lanting new mysite                 a starter site in mysite/\n"
        "  lanting new post \"标题\"" + " " * 12 + "a new post, run in the site's folder\n"
        "  lanting serve                      live preview on http://localhost:8000/\n"
        "  lanting build --strict             build into public/, warnings fail\n"
        "  lanting deploy --to gh-pages       build, then publish on the gh-pages branch\n"
        "\n`lanting COMMAND --help` describes each command.")
    parser.add_argument("--version", action="version", version=f"lanting {__version__}",
                        help="print Lanting's version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=Parser)
    _new(commands)
    _build(commands)
    _check(commands)
    _serve(commands)
    _deploy(commands)
    _theme(commands)
    _metrics(commands)
    _import(commands)
    clean = _command(commands, "clean", "delete the build cache (SITE/.lanting/)",
                     "  lanting clean\n  lanting clean mysite\n")
    _site(clean)
    return parser


def _metrics(commands: Any) -> None:
    metrics = _command(commands, "metrics", "citation counts of the publications",
                       "  lanting metrics update\n"
                       "  lanting metrics update mysite --mailto me@example.org\n")
    actions = metrics.add_subparsers(dest="action", required=True, metavar="ACTION",
                                     parser_class=Parser)
    update = actions.add_parser(
        "update", help="fetch citation counts from OpenAlex into SITE/data/metrics.json "
        "(commit it; builds stay offline)")
    _site(update)
    update.add_argument("--api", default=OPENALEX, metavar="URL",
                        help=f"the OpenAlex API (default: {OPENALEX})")
    update.add_argument("--mailto", default="", metavar="EMAIL",
                        help="your e-mail, for OpenAlex's faster polite pool (default: none)")


def _new(commands: Any) -> None:
    new = _command(
        commands, "new", "create a site, or a post, talk or page in the current site",
        "  lanting new mysite                        a starter site in mysite/ (new or empty)\n"
        "  lanting new post \"强化学习入门\"             content/posts/qiang-hua-xue-xi-ru-men.md\n"
        "  lanting new post \"PPO 详解\" --series rl --bundle\n"
        "                                            content/posts/ppo-xiang-jie/index.md, "
        "next part of rl\n"
        "  lanting new talk \"HiChunk at ACL\" --slug hichunk-acl\n"
        "  lanting new page \"About\" --site mysite\n"
        "  lanting new ./post                        a site in a folder named post\n",
        usage="lanting new SITE_DIR\n       lanting new {post,talk,page} TITLE [--slug SLUG] "
        "[--series NAME] [--bundle] [--site SITE]")
    new.add_argument("target", metavar="SITE_DIR|KIND",
                     help="a folder for a new site, or `post`, `talk` or `page` for a new "
                     "file in the site (a site folder named like those: ./post)")
    new.add_argument("title", nargs="?", metavar="TITLE",
                     help="the title of the post, talk or page (quote it)")
    new.add_argument("--slug", metavar="SLUG",
                     help="the URL name (default: from the title, as [new] slug says: "
                     "pinyin or the title kept)")
    new.add_argument("--series", metavar="NAME",
                     help="posts only: make it the next part of this series (default: "
                     "none)")
    new.add_argument("--bundle", action="store_true",
                     help="posts only: a folder posts/SLUG/index.md, for images beside it "
                     "(default: posts/SLUG.md)")
    new.add_argument("--site", type=Path, default=Path("."), metavar="SITE",
                     help="the site to add it to (default: the current folder)")


def _build(commands: Any) -> None:
    build = _command(
        commands, "build", "build the site into a static folder",
        "  lanting build                          into ./public\n"
        "  lanting build mysite -o /var/www/site\n"
        "  lanting build --strict --base-url https://you.github.io/repo/\n")
    _site(build)
    _building(build)
    build.add_argument("--drafts", action="store_true",
                       help="include drafts (default: left out)")
    _base_url(build)


def _check(commands: Any) -> None:
    check = _command(
        commands, "check", "run every check of a build, writing nothing",
        "  lanting check\n  lanting check mysite --external --strict\n"
        "  lanting check --region cn\n")
    _site(check)
    check.add_argument("--drafts", action="store_true",
                       help="include drafts (default: left out)")
    check.add_argument("--external", action="store_true",
                       help="also check http(s) links over the network (default: off)")
    check.add_argument("--strict", action="store_true",
                       help="treat warnings as errors (default: warnings are printed)")
    check.add_argument("--region", choices=REGIONS,
                       help="list the third-party hosts pages contact and flag those known "
                            "to fail there (cn: mainland China; default: off)")


def _import(commands: Any) -> None:
    from lanting.importer import KINDS

    imp = _command(
        commands, "import", "make a new site from a Jekyll, al-folio, Hugo, Hugo Blox, "
        "Zola, Hexo, Quarto, MkDocs, Jupyter Book, Sphinx, Docusaurus, VitePress, VuePress, "
        "Quartz, "
        "Astro, Next.js, Gatsby, docsify, Pelican, Hakyll or Eleventy site, an mdBook or "
        "GitBook "
        "book, or a plain folder of notes (Obsidian, Typora)",
        "  lanting import my-jekyll-blog\n"
        "  lanting import my-hexo-blog new-site --dry-run\n"
        "  lanting import old-site --from hugo-blox --timezone Asia/Shanghai\n"
        "  lanting import my-zola-blog         Zola: sections, shortcodes, KaTeX, languages\n"
        "  lanting import my-quarto-blog       posts read from _freeze/ when executed\n"
        "  lanting import my-mkdocs-notes      Material's blog posts, snippets inlined\n"
        "  lanting import my-course-book       Jupyter Book: its TOC's pages, in order\n"
        "  lanting import my-project-docs      Sphinx: its toctrees' pages, reST and MyST\n"
        "  lanting import my-fuwari-blog       Astro: content collections, old URLs kept\n"
        "  lanting import my-docusaurus-site   blog and docs, MDX tabs and admonitions\n"
        "  lanting import my-vuepress-blog     VitePress or VuePress (hope, reco), its posts\n"
        "  lanting import my-quartz-garden     Quartz: notes, folders, [[links]], embeds\n"
        "  lanting import my-docsify-notes     docsify: its sidebar's pages, in order\n"
        "  lanting import my-mdbook-notes      mdBook: its SUMMARY's chapters, includes, math\n"
        "  lanting import my-gitbook           GitBook 3 or synced: chapters, hints, tabs\n"
        "  lanting import my-hakyll-blog       Hakyll: site.hs's rules read, .lhs posts\n"
        "  lanting import my-obsidian-vault    notes: Obsidian, Logseq, Typora, READMEs\n")
    imp.add_argument("source", type=Path, metavar="SOURCE",
                     help="the site to import (only read, never written)")
    imp.add_argument("dest", nargs="?", type=Path, metavar="DEST",
                     help="a new or empty folder for the new site (default: SOURCE-lanting "
                     "beside SOURCE)")
    imp.add_argument("--from", dest="kind", choices=KINDS,
                     help="the kind of site (default: detected)")
    imp.add_argument("--dry-run", action="store_true",
                     help="print the report, write nothing (default: write the site)")
    imp.add_argument("--timezone", metavar="ZONE",
                     help="time zone of dates written without one (default: the source's, "
                     "else UTC)")
    imp.add_argument("--permalink", metavar="PATTERN",
                     help="the source's permalink pattern, instead of its configuration's "
                     "(default: its configuration's)")


def _serve(commands: Any) -> None:
    serve = _command(
        commands, "serve", "build into memory and serve the site with live reload",
        "  lanting serve                          http://localhost:8000/\n"
        "  lanting serve mysite --port 8001 --open\n"
        "  lanting serve --host 0.0.0.0           readable from the local network\n")
    _site(serve)
    _building(serve, serve=True)
    drafts = serve.add_mutually_exclusive_group()
    drafts.add_argument("--drafts", action="store_true",
                        help="show drafts, marked (the default)")
    drafts.add_argument("--no-drafts", action="store_true",
                        help="hide drafts, as `lanting build` does (default: shown)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to bind (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--open", action="store_true",
                       help="open the site in a browser (default: don't)")


def _deploy(commands: Any) -> None:
    deploy = _command(
        commands, "deploy", "build the site, then publish it without a CI service",
        "  lanting deploy --to gh-pages             commit public/ to the gh-pages branch "
        "and push it\n"
        "  lanting deploy --to gh-pages --no-push   commit only\n"
        "  lanting deploy --to /var/www/site        copy the files that changed\n"
        "  lanting deploy --to ./gh-pages           a folder named gh-pages\n")
    _site(deploy)
    deploy.add_argument("--to", required=True, metavar="gh-pages|DIR",
                        help="`gh-pages`: commit the site to a branch of the site's git "
                        "repository, leaving the working tree alone; DIR: copy the files "
                        "that changed into that folder (required)")
    deploy.add_argument("--branch", default=GH_PAGES,
                        help="with --to gh-pages: the branch (default: gh-pages)")
    deploy.add_argument("--remote", default="origin",
                        help="with --to gh-pages: the remote to push to (default: origin)")
    deploy.add_argument("--no-push", action="store_true",
                        help="with --to gh-pages: commit, don't push (default: push)")
    deploy.add_argument("--message", metavar="TEXT",
                        help="with --to gh-pages: the commit message (default: \"Publish "
                        "the site (Lanting VERSION)\")")
    deploy.add_argument("--no-build", action="store_true",
                        help="publish the output folder as it is (default: build first)")
    _building(deploy)
    _base_url(deploy)


def _theme(commands: Any) -> None:
    theme = _command(
        commands, "theme", "list, show or copy the theme's templates to override them",
        "  lanting theme list                     every template; which ones you override\n"
        "  lanting theme copy post.html           templates/post.html, to edit\n"
        "  lanting theme show post.html | diff - templates/post.html\n")
    actions = theme.add_subparsers(dest="action", required=True, metavar="ACTION",
                                   parser_class=Parser)
    listing = actions.add_parser("list", help="every template of the theme, marking the "
                                 "site's overrides and those whose original changed")
    listing.add_argument("--site", type=Path, default=Path("."), metavar="SITE",
                         help="the site (default: the current folder)")
    copy = actions.add_parser("copy", help="copy templates into SITE/templates/ to edit "
                              "them (stamped with the original's digest)")
    copy.add_argument("templates", nargs="+", metavar="TEMPLATE",
                      help="a template's name, such as post.html (see `lanting theme list`)")
    copy.add_argument("--site", type=Path, default=Path("."), metavar="SITE",
                      help="the site (default: the current folder)")
    copy.add_argument("--force", action="store_true",
                      help="replace an override that exists (default: refuse)")
    show = actions.add_parser("show", help="print the theme's original of a template")
    show.add_argument("template", metavar="TEMPLATE", help="a template's name, such as "
                      "post.html")
