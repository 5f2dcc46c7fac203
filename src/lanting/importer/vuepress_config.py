"""The literal settings of a VitePress or VuePress configuration, read without running it.

`.vitepress/config.mts` and `.vuepress/config.ts` are programs: a setting may be computed
(`base: process.env.BASE`), imported from another file (`import theme from "./theme"`) or
spread from a function. Running them would need Node and the site's dependencies, and
would run a stranger's code, so the import reads only what is written as a literal —
`title: "梯度笔记"`, `lang: 'zh-CN'`, `base: "/notes/"`, `cleanUrls: true`, the
`locales` object, `{ text: "指南", link: "/guide/" }` entries of a `nav` or `navbar`
array, `{ icon: "github", link: "…" }` social links — and names what it could not read.
The files a config imports with `./` (hope's `theme.ts`), and the files they import
(its `navbar.ts`), are read the same way, after the config, for the keys the config
lacks; a setting written as a member of an object they declare (`title: metaData.title`,
`export const metaData = { title: "…" }`) is that object's literal, and a `navbar`
written as a name (`navbar: zhNavbar`, or `navbar` alone) is the array of that name.
Each key's value is read in `vuepress_config_keys.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import (
    depths_of,
    keys_at,
    literal_value,
    local_modules,
    named_arrays,
    strip_comments,
)
from lanting.importer.vuepress_config_keys import JsConfig, read_keys
from lanting.importer.vuepress_plume import plume_collections

CONFIG_NAMES = ("config.mts", "config.ts", "config.mjs", "config.js", "config.cjs",
                "config.cts", "config/index.mts", "config/index.ts", "config/index.js")
"""Where VitePress and VuePress look for the configuration, in their order."""
_MATH = re.compile(r"\bmath\s*:\s*(?:true|\{)|katex|mathjax|markdownMath|texmath",
                   re.IGNORECASE)
_PLUME = re.compile(r"""['"]vuepress-theme-plume['"]""")
_NO_MATH = re.compile(r"\b(?:math|markdownMath)\s*:\s*false\b")
"""vuepress-theme-plume turns KaTeX on by itself, unless told `math: false`."""
_BLOG = re.compile(r"\bblog\s*:\s*(?:true\b|\{)")


def config_file(config_dir: Path) -> Path | None:
    for name in CONFIG_NAMES:
        if (config_dir / name).is_file():
            return config_dir / name
    return None


def read_config(config_dir: Path) -> JsConfig:
    found = JsConfig()
    main = config_file(config_dir)
    if main is None:
        return found
    # (hope's sites import the theme's options, `import theme from "./theme.js"`, whose
    # file imports the navbar's, `import navbar from "./navbar.js"`: followed in turn)
    texts = {main: strip_comments(read_text(main))}
    found.files.append(main)
    # (plume reads its theme's options from `plume.config.ts` beside the config itself)
    for plume in (config_dir / f"plume.config.{e}" for e in ("ts", "mts", "js", "mjs")):
        if plume.is_file():
            texts[plume] = strip_comments(read_text(plume))
            found.files.append(plume)
    for path in found.files:
        for module in local_modules(texts[path], path.parent):
            if module not in texts and len(texts) < _MODULES:
                texts[module] = strip_comments(read_text(module))
                found.files.append(module)
    codes = [texts[path] for path in found.files]
    found.arrays = named_arrays(texts)
    for each in codes:  # (before any setting is read: the config names them first)
        _constants(each, found)
    for number, each in enumerate(codes):
        _read_object(each, found, top=number == 0)
    if any(_PLUME.search(c) for c in codes):
        found.math = found.math or not any(_NO_MATH.search(c) for c in codes)
        blog, found.notes_dir = plume_collections(codes)
        found.blog = found.blog or blog
    return found


_MODULES = 24
"""The most config files read (one importing another), against an import cycle."""
_CONST_OBJECT = re.compile(r"\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*[\w.$<>\[\]]+\s*)?=\s*\{")


def _constants(code: str, found: JsConfig) -> None:
    """The literal values of each `const NAME = { key: "…" }` of a config file (the
    templates many notes sites start from keep `title` and `lang` in a `metaData`
    object of `./config/constants.ts`)."""
    depths = depths_of(code)
    for match in _CONST_OBJECT.finditer(code):
        start = match.end() - 1
        for key, at in keys_at(code, depths, start, depths[start]):
            value = literal_value(code, at)
            if value is not None:
                found.constants.setdefault(f"{match.group(1)}.{key}", value)


_CALLED = re.compile(r"\b(?:define\w*Config\w*|\w+Theme|getThemeConfig)\s*(?:<[^>\n]*>)?\s*"
                     r"\(\s*\{")
"""`defineConfig({`, `defineUserConfig({`, vdoing's `defineConfig4CustomTheme<T>({`,
`hopeTheme({`, `recoTheme({`, `@sugarat/theme`'s `getThemeConfig({`."""
_EXPORTED = re.compile(r"(?:module\.exports\s*=|export\s+default)\s*(?:<[^>\n]*>\s*)?\{")
"""`module.exports = {`, `export default {`, vdoing's `export default <T>{`."""


_DEFAULT = re.compile(r"(?:export\s+default|module\.exports\s*=)\s*")
_WRAPPED_OBJECT = re.compile(r"(?:[\w.$]+\s*(?:<[^>\n]*>)?\s*\(\s*)*(?:<[^>\n]*>\s*)?\{")
"""The object a default export is, inside calls (`withMermaid(defineConfig({`)."""


def _object_start(code: str) -> int:
    """Where the configuration's object `{` is: the default export's (a file may build
    another config first, `defineTeekConfig({…})`, which the default `extends`), else the
    first `defineConfig({`-like call's; -1 if none."""
    for export in _DEFAULT.finditer(code):
        wrapped = _WRAPPED_OBJECT.match(code, export.end())
        if wrapped:
            return wrapped.end() - 1
    found = _CALLED.search(code) or _EXPORTED.search(code)
    return found.end() - 1 if found else -1


def _read_object(code: str, found: JsConfig, top: bool) -> None:
    if re.search(r"""(?:from\s+|require\(\s*)['"][^'"]*(?:sugarat/theme|vuepress-theme-vdoing|"""
                 r"""vitepress-theme-teek|theme-blog|blog-theme)[^'"]*['"]|"""
                 r"""\btheme:\s*['"]vdoing['"]""", code):
        found.blog = True  # (a blog theme: its home page lists every dated page)
    if _MATH.search(code):
        found.math = True
    if _BLOG.search(code):  # (hope's `plugins: { blog: true }`, nested where no key is read)
        found.blog = True
    named = re.search(r"""['"](?:vuepress-theme-(hope|reco|plume)|@vuepress-reco/theme)\b|"""
                      r"""\btheme:\s*['"](reco)['"]""", code)
    if named and not found.theme:
        found.theme = named.group(1) or named.group(2) or "reco"
    start = _object_start(code)
    if start < 0:
        return
    depths = depths_of(code)
    read_keys(code, depths, start, found, top)
    for call in _CALLED.finditer(code):
        # (`const teekConfig = defineTeekConfig({…})` beside the config that `extends`
        # it: read after it, for the keys it lacks)
        if call.end() - 1 != start and depths[call.start()] == 0:
            read_keys(code, depths, call.end() - 1, found, top=False)
