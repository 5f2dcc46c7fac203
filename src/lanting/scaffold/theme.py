"""`lanting theme copy TEMPLATE`: start an override from the theme's original, stamped
with the original's digest (`render.overrides`) so that `lanting check` can tell when
the theme changes under it."""

from __future__ import annotations

from pathlib import Path

from lanting.errors import UsageError, did_you_mean
from lanting.render.overrides import stamp_line, theme_templates
from lanting.render.templates import THEME_TEMPLATES


def known_template(name: str) -> str:
    """`name` if the theme has that template; else a usage error with the closest names."""
    names = theme_templates()
    if name in names:
        return name
    hint = did_you_mean(name, names) or "`lanting theme list` names them all"
    raise UsageError(f"the theme has no template `{name}`: {hint}")


def copy_templates(site: Path, names: list[str], force: bool = False) -> list[Path]:
    """Copy each template into `site/templates/`; refuses to replace an override unless
    `force`. Nothing is written unless every name is right."""
    if not (site / "lanting.toml").is_file():
        raise UsageError(f"no lanting.toml in {site}: pass the site with --site")
    names = [known_template(name) for name in names]
    targets = [site / "templates" / name for name in names]
    taken = [t for t in targets if t.exists()]
    if taken and not force:
        raise UsageError(f"{taken[0]} exists already; --force replaces it (your edits are "
                         "lost)")
    for name, target in zip(names, targets, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        original = (THEME_TEMPLATES / name).read_text(encoding="utf-8")
        target.write_text(stamp_line(name) + "\n" + original, encoding="utf-8")
    return targets
