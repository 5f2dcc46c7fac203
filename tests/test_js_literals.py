"""Reading a JavaScript configuration without running it (importer/js_literals.py): the
code around the literals — template literals with `${…}` in them, nested ones, regular
expressions — must not unbalance the brackets, or the config's keys are never found."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files

from lanting.importer.js_literals import depths_of, keys_at, strip_comments
from lanting.importer.vuepress_config import read_config

HELPERS = """\
function commit(files, message) {
  run(`git add ${files.map((f) => `"${f}"`).join(" ")}`);
  run(`git commit -m "${message}"`);
}
const words = (text) => text.split(/['"{(\\[]/g).length / 2;
const plain = (name) => name.replace(/^https?:\\/\\//, "");
"""
"""Shaped like the helpers a VitePress site of 3,000 lines defines before its config:
a template in a template's `${…}`, regular expressions holding quotes, brackets and
`//`, and a division."""


def test_nested_template_literals_and_regexes_keep_brackets_balanced() -> None:
    code = HELPERS + 'export default { title: "笔记", lang: "zh-CN" }\n'
    depths = depths_of(code)
    start = code.index("export default {") + len("export default ")
    assert depths[start - 1] == 0  # (every helper's brackets closed)
    assert [key for key, _ in keys_at(code, depths, start, depths[start])] == ["title", "lang"]


def test_comments_are_found_outside_strings_templates_and_regexes() -> None:
    code = HELPERS + 'const u = `a ${b /* c */} // d`; // gone\n/* gone\n too */ x()\n'
    stripped = strip_comments(code)
    assert stripped.startswith(HELPERS)  # (the regex's `\/\/` is no comment)
    assert stripped.endswith("const u = `a ${b } // d`; \n\n x()\n")


def test_a_vitepress_config_after_helper_functions_is_read(tmp_path: Path) -> None:
    write_files(tmp_path, {".vitepress/config.ts": "import { defineConfig } from 'vitepress'\n"
                           + HELPERS + """\
        export default defineConfig({
          srcDir: "./docs",
          markdown: { config: (md) => {
            md.use(mathjax3)
            md.core.ruler.push("quotes", (s) => { s.src = s.src.replace(/[{'"]/g, "") })
          } },
          vite: { server: { proxy: (req) => `http://${req.headers[`host`]}/api` } },
          lang: "zh-CN",
          title: "元宇宙笔记",
          themeConfig: { nav: [{ text: "文章", link: "/posts/" }] },
        })
        """})
    found = read_config(tmp_path / ".vitepress")
    assert found.values == {"srcDir": "./docs", "lang": "zh-CN", "title": "元宇宙笔记"}
    assert found.nav == [("文章", "/posts/")]
    assert found.other_keys == ["markdown", "vite"]


def test_a_value_the_builds_mode_chose_is_productions(tmp_path: Path) -> None:
    """`base: process.env.NODE_ENV === 'production' ? '/notes/' : '/'` (a root path while
    writing, the repository's name once published): the published site's, `/notes/`,
    not a computed value; `!==` names the other; a branch that is code stays computed."""
    write_files(tmp_path, {"docs/.vitepress/config.js": """\
        export default {
          base: process.env.NODE_ENV === 'production' ? '/notes/' : '/',
          title: (process.env.NODE_ENV !== "production") ? "Draft" : "Reading notes",
          description: process.env.NODE_ENV === 'production' ? prefix + 'x' : 'y',
        }
        """})
    config = read_config(tmp_path / "docs/.vitepress")
    assert config.values["base"] == "/notes/"
    assert config.values["title"] == "Reading notes"
    assert "description" not in config.values
    assert config.computed == ["description"]
