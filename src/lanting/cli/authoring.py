"""`lanting new` (a site, or a post, talk or page of one) and `lanting theme` (list, show,
copy the theme's templates)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lanting.cli.parser import CONTENT_KINDS
from lanting.errors import UsageError, did_you_mean
from lanting.render.overrides import overrides, theme_templates
from lanting.render.templates import THEME_TEMPLATES
from lanting.scaffold import new_site
from lanting.scaffold.content import new_content
from lanting.scaffold.theme import copy_templates, known_template


def new_command(args: argparse.Namespace) -> int:
    """`lanting new SITE_DIR` or `lanting new post|talk|page TITLE`: the first word decides
    (a site folder named like a kind is written `./post`)."""
    if args.target.rstrip("/") in CONTENT_KINDS and args.target.rstrip("/") == args.target:
        if args.title is None:
            raise UsageError(f"give the {args.target}'s title: lanting new {args.target} "
                             "\"Title\" (or ./"
                             f"{args.target} for a site in a folder named {args.target})")
        if not (args.site / "lanting.toml").is_file():
            raise UsageError(f"no lanting.toml in {args.site}: run this in a site folder, "
                             "or pass it with --site")
        path = new_content(args.site, args.target, args.title, args.slug, args.series,
                           args.bundle)
        print(f"created {path}")
        if args.target != "page":
            print("it is a draft (`draft: true`): `lanting serve` shows it; remove the line "
                  "to publish it")
        return 0
    extra = [flag for flag, value in (("TITLE", args.title), ("--slug", args.slug),
                                      ("--series", args.series),
                                      ("--bundle", args.bundle or None)) if value is not None]
    if extra:
        kind = did_you_mean(args.target, CONTENT_KINDS)
        raise UsageError(f"{', '.join(extra)}: only for `lanting new post|talk|page`; "
                         f"`lanting new {args.target}` makes a site"
                         + (f" ({kind})" if kind else ""))
    target = Path(args.target)
    written = new_site(target)
    print(f"created a new site in {target} ({len(written)} files)")
    print(f"next: lanting serve {target}")
    return 0


def theme_command(args: argparse.Namespace) -> int:
    if args.action == "show":
        name = known_template(args.template)
        sys.stdout.write((THEME_TEMPLATES / name).read_text(encoding="utf-8"))
        return 0
    if args.action == "copy":
        for path in copy_templates(args.site, args.templates, args.force):
            print(f"copied {path.name} to {path}")
        print("edit the copies; `lanting check` warns when a later Lanting changes the "
              "originals")
        return 0
    mine = {item.name: item for item in overrides(args.site)}
    for name in theme_templates():
        item = mine.get(name)
        state = "" if item is None else (
            "  overridden; the original changed since the copy" if item.stale
            else "  overridden")
        print(f"{name}{state}")
    return 0
