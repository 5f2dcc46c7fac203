"""Hakyll's `customRoute` for "clean" URLs, the way sites write it (a `where` or `let`
function of `toFilePath`, or a point-free composition), read as the path it gives each
file: the posts keep their old URLs (`/posts/2020-01-02-hello/`), where every file of
such a rule used to lose its old URL, with a warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, page, redirect_target
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.hakyll_routes import apply_custom_route, custom_route, route_steps

_WHERE = """cleanRoute :: Routes
cleanRoute = customRoute createIndexRoute
  where
    createIndexRoute ident = takeDirectory p </> takeBaseName p </> "index.html"
      where p = toFilePath ident
"""
_CONCAT = """nicePostRoute = customRoute createIndexRoute
  where
    createIndexRoute ident =
      (takeDirectory p) ++ "/" ++ (takeBaseName p) ++ "/index.html"
        where p = toFilePath ident
"""
_LET = """niceRoute =
  let
    createIndexRoute ident =
      let
        p = toFilePath ident
      in
        takeDirectory p </> takeBaseName p </> "index.html"
  in
    customRoute createIndexRoute
"""


@pytest.mark.parametrize(("route", "path", "expected"), [
    (_WHERE, "posts/2020-01-02-hello.md", "posts/2020-01-02-hello/index.html"),
    (_CONCAT, "posts/2020-01-02-hello.md", "posts/2020-01-02-hello/index.html"),
    (_LET, "notes/a.org", "notes/a/index.html"),
    (_WHERE, "about.md", "about/index.html"),  # (`takeDirectory "about.md"` is ".")
    ('customRoute ((</> "index") . dropExtension . toFilePath)', "talks/x.md", "talks/x/index"),
    ('customRoute $ (++ "/index.html") . takeBaseName . toFilePath', "pages/cv.md",
     "cv/index.html"),
    ('customRoute (("old/" ++) . takeFileName . toFilePath)', "a/b.html", "old/b.html"),
    ("customRoute $ drop 6 . toFilePath", "pages/team.html", "team.html"),
])
def test_clean_routes_as_sites_write_them(route: str, path: str, expected: str) -> None:
    body = custom_route(route, route)
    assert body is not None
    assert apply_custom_route(body, path) == expected


def test_a_second_custom_route_composed_after_the_first_is_not_read_as_it() -> None:
    route = ("customRoute createIndexRoute `composeRoutes` customRoute (hyphenToSlash . "
             "toFilePath)\n  where createIndexRoute ident = takeBaseName (toFilePath ident)")
    body = custom_route(route, route)
    assert route_steps(route, body) == (("custom", body), ("unknown", "customRoute"))


@pytest.mark.parametrize("route", [
    "customRoute (\\i -> toFilePath i)",  # (a lambda)
    'customRoute (replaceAll "-" (const "/") . toFilePath)',  # (a function not read)
    "customRoute fileToDir",  # (defined nowhere in the code given)
])
def test_code_not_read_is_no_route(route: str) -> None:
    body = custom_route(route, route)
    assert body is None or apply_custom_route(body, "posts/a.md") is None


def test_posts_of_a_clean_route_keep_their_urls(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "site.hs": """{-# LANGUAGE OverloadedStrings #-}
import Hakyll
import System.FilePath (takeBaseName, takeDirectory, (</>))

main :: IO ()
main = hakyll $ do
    match "posts/*" $ do
        route cleanRoute
        compile $ pandocCompiler >>= loadAndApplyTemplate "templates/post.html" postCtx

    match "about.md" $ do
        route $ customRoute ((</> "index") . dropExtension . toFilePath) `composeRoutes`
            setExtension "html"
        compile pandocCompiler

    create ["archive.html"] $ do
        route idRoute
        compile $ do
            posts <- recentFirst =<< loadAll "posts/*"
            makeItem ""

postCtx :: Context String
postCtx = dateField "date" "%B %e, %Y" <> defaultContext

""" + _WHERE,
        "posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\n\nFirst. See [next](/posts/"
                                     "2020-02-03-next/) and [me](/about/).\n",
        "posts/2020-02-03-next.md": "---\ntitle: Next\n---\n\nBack to "
                                    "[hello](/posts/2020-01-02-hello/).\n",
        "about.md": "---\ntitle: About\n---\n\nMe.\n",
        "templates/default.html": "<title>Field notes - $title$</title>\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert [e.message for e in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    hello = redirect_target(out, "/posts/2020-01-02-hello/")
    assert redirect_target(out, "/posts/2020-02-03-next/") != hello
    links = {a.text(): a.get("href") for a in page(out, hello).find_all("a")}
    assert links["next"] == redirect_target(out, "/posts/2020-02-03-next/")
    assert links["me"] == "/about/"  # (the new page is where the old one was)
    assert page(out, "/about/").one("h1").text().strip() == "About"


def test_a_date_route_made_of_folders(tmp_path: Path) -> None:
    """`gsubRoute` replacing within its match (`replaceAll "-" $ const "/"`, a date's
    dashes made folders) composed with a clean route: `posts/2016/10/31/swift/`."""
    write_files(tmp_path / "old", {
        "site.hs": """import Hakyll
import System.FilePath

main = hakyll $ do
  match "posts/*" $ do
    route dateRoute
    compile pandocCompiler

indexRoute :: Routes
indexRoute =
  customRoute ((</> "index") . dropExtension . toFilePath) `composeRoutes`
  setExtension "html"

dateRoute :: Routes
dateRoute =
  gsubRoute "/[0-9]{4}-[0-9]{2}-[0-9]{2}-" (replaceAll "-" $ const "/") `composeRoutes`
  indexRoute
""",
        "posts/2016-10-31-swift.md": "---\ntitle: Swift\n---\n\nText.\n",
        "templates/default.html": "<title>Maroon - $title$</title>\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert [e.message for e in imported.report.warnings] == []
    text = (imported.dest / "content/posts/swift.md").read_text(encoding="utf-8")
    assert 'aliases: ["/posts/2016/10/31/swift/"]' in text
