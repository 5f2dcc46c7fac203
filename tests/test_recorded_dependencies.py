"""An incremental build equals a clean one because what each page depends on is recorded
while it is made, never listed by hand (issue 27).

The three reproductions the issue names come first; then a stateful property test applies
random edits of every kind to a small site and, after each, compares `lanting build`
with a clean build, and `lanting serve`'s in-memory site with a fresh one.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.render import templates

POST = "---\ntitle: {title}\ndate: 2026-01-0{day}\ntags: [rl]\n{extra}---\n{body}\n"


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    stamp = time.time() + 5  # saves within one clock tick keep their time: real ones do not
    os.utime(path, (stamp, stamp))


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _incremental_equals_clean(site: Path, tmp: Path) -> BuildResult:
    """Build `site` incrementally into SITE/public and from scratch elsewhere; the two
    outputs must be byte-identical. Returns the incremental build's result."""
    result = build(site, BuildOptions(jobs=1))
    clean = tmp / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    _as_a_new_process()
    build(site, BuildOptions(output=clean, cache=False, jobs=1))
    incremental, fresh = _tree(site / "public"), _tree(clean)
    assert incremental.keys() == fresh.keys()
    differing = sorted(path for path in fresh if incremental[path] != fresh[path])
    assert not differing, differing
    return result


def _as_a_new_process() -> None:
    """Forget the template environment a build of this process kept (`environment_for`):
    a clean build is a new process, and one sharing the incremental build's environment
    would share a stale template with it, hiding the difference."""
    templates._ENVIRONMENTS.clear()


def _site(tmp: Path, **extra: str | bytes) -> Path:
    site = tmp / "site"
    files: dict[str, str | bytes] = {
        "lanting.toml": 'title = "Deps"\n[search]\nenabled = false\n',
        "content/posts/a.md": POST.format(title="A", day=1, extra="", body="Alpha."),
        "content/posts/b.md": POST.format(title="B", day=2, extra="params:\n  badge: new\n",
                                          body="Beta."),
        **extra,
    }
    for rel, text in files.items():
        _write(site / rel, text)
    return site


def test_reading_time_shown_by_an_overridden_macros_template_follows_edits(
        tmp_path: Path) -> None:
    """The blog index shows `post.reading_minutes` through the site's own `_macros.html`
    (a file the old hand-made list of listing templates skipped)."""
    macros = (Path(__file__).parents[1] / "src/lanting/theme/templates/_macros.html"
              ).read_text(encoding="utf-8")
    marker = '<p class="summary">'
    assert marker in macros
    site = _site(tmp_path, **{"templates/_macros.html": macros.replace(
        marker, '<span class="minutes">{{ post.reading_minutes }} min</span>' + marker)})
    _incremental_equals_clean(site, tmp_path)
    _write(site / "content/posts/a.md",
           POST.format(title="A", day=1, extra="", body="Alpha. " + "word " * 2000))
    _incremental_equals_clean(site, tmp_path)
    assert b">11 min<" in (site / "public/blog/index.html").read_bytes()


def test_params_shown_by_a_listing_override_follow_edits(tmp_path: Path) -> None:
    """A site's `blog.html` shows `post.params.badge`: editing the badge renders it again."""
    blog = ('{% extends "base.html" %}{% block content %}<ul>{% for post in site.posts %}'
            "<li>{{ post.title }} <b>{{ post.params.get('badge', '') }}</b></li>{% endfor %}</ul>"
            '{% endblock %}')
    site = _site(tmp_path, **{"templates/blog.html": blog})
    _incremental_equals_clean(site, tmp_path)
    _write(site / "content/posts/b.md", POST.format(
        title="B", day=2, extra="params:\n  badge: updated\n", body="Beta."))
    _incremental_equals_clean(site, tmp_path)
    assert b"<b>updated</b>" in (site / "public/blog/index.html").read_bytes()


def test_editing_an_included_file_is_not_up_to_date(tmp_path: Path) -> None:
    """`{{< code file="snippets/dp.py" >}}` reads a file outside content/: editing it must
    not leave the build "up to date" with the old code."""
    body = 'Code:\n\n{{< code file="snippets/dp.py" >}}\n'
    site = _site(tmp_path, **{
        "snippets/dp.py": "def step(x):\n    return x + 1\n",
        "content/posts/a.md": POST.format(title="A", day=1, extra="", body=body)})
    _incremental_equals_clean(site, tmp_path)
    _write(site / "snippets/dp.py", "def step(x):\n    return x + 2\n")
    result = _incremental_equals_clean(site, tmp_path)
    assert result.site is not None, "the build said up to date"
    assert b"x</span> <span class=\"o\">+</span> <span class=\"mi\">2" in (
        site / "public/posts/a/index.html").read_bytes()
    assert build(site, BuildOptions(jobs=1)).site is None  # and now it is up to date


ENTRY_A = ("@article{a2020,\n  title = {Paper A},\n  author = {Zhang, San},\n"
           "  journal = {J},\n  year = {2020},\n}\n")
ENTRY_B = ("@article{b2021,\n  title = {Paper B},\n  author = {Li, Si},\n"
           "  journal = {J},\n  year = {2021},\n}\n")


@pytest.mark.parametrize(("body", "bib_before"), [
    ("如 @b2021 所述。\n", ENTRY_A),
    ("And [@b2021].\n", ""),
])
def test_an_entry_added_for_a_key_a_post_names_renders_it_again(
        tmp_path: Path, body: str, bib_before: str) -> None:
    """`如 @b2021 所述` is text while no entry has that key; adding the entry to the
    bibliography left the cached page showing `@b2021` (a new user's sweep): a key the
    page names without an entry is recorded too. Likewise `[@b2021]` while the site has
    no bibliography."""
    site = _site(tmp_path, **{
        "content/posts/a.md": POST.format(title="A", day=1, extra="", body=body)})
    if bib_before:
        _write(site / "content/publications.bib", bib_before)
    _incremental_equals_clean(site, tmp_path)
    assert b"@b2021" in (site / "public/posts/a/index.html").read_bytes()
    _write(site / "content/publications.bib", bib_before + ENTRY_B)
    _incremental_equals_clean(site, tmp_path)
    assert b"@b2021" not in (site / "public/posts/a/index.html").read_bytes()


# --- random edits, each followed by incremental == clean -------------------------------

import io  # noqa: E402

from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule  # noqa: E402
from PIL import Image  # noqa: E402

from lanting.serve.live import LiveSite  # noqa: E402

THEME = Path(__file__).parents[1] / "src/lanting/theme/templates"
TEMPLATES = sorted(p.name for p in THEME.iterdir() if p.is_file())
WORDS = ["显存", "梯度", "all-reduce", "PPO", "流水线", "FSDP", "$x^2$", "**粗体**", "`code`",
         "[链接](/posts/a/)", "。", "，", "rollout", "@wu2025"]
"""(`@wu2025` is text while the bibliography has no such entry, a citation once it has.)"""
TAGS = ["rl", "系统", "PPO", "misc"]


def _png(width: int, colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, width // 2), colour).save(out, "PNG")
    return out.getvalue()


def _override(name: str, n: int) -> str:
    """The theme's template with a visible change: what a site's override looks like."""
    text = (THEME / name).read_text(encoding="utf-8")
    if name.endswith(".txt"):
        return text + f"# override {n}\n"
    if name.endswith(".xml"):
        return text.replace("?>", f"?><!-- override {n} -->", 1) if "?>" in text else text
    return text + f"<!-- override {n} -->\n"


class SiteEdits(RuleBasedStateMachine):
    """A small site with every kind of input; each rule changes one thing the way a
    writer does; after each, the incremental outputs equal clean ones."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="lanting-stateful-"))
        self.site = self.tmp / "site"
        self.model: dict[str, dict[str, Any]] = {}
        self.counter = 0
        self.live: LiveSite | None = None
        self.changed: set[str] = set()

    def teardown(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- writing the site -------------------------------------------------------------

    def _put(self, rel: str, text: str | bytes | None) -> None:
        path = self.site / rel
        if text is None:
            if path.exists():
                path.unlink()
        else:
            _write(path, text)
        self.changed.add(str(path))

    def _post(self, name: str) -> None:
        fields = self.model[name]
        head = [f"title: {json.dumps(fields['title'], ensure_ascii=False)}",
                f"date: 2026-01-{fields['day']:02d}",
                f"tags: {json.dumps(fields['tags'], ensure_ascii=False)}"]
        if fields["summary"] is not None:
            head.append(f"summary: {json.dumps(fields['summary'], ensure_ascii=False)}")
        if fields["badge"]:
            head.append(f"params: {{badge: {json.dumps(fields['badge'])}}}")
        if fields["series"]:
            head.append(f"series: {fields['series']}\nseries_order: {fields['order']}")
        if fields["draft"]:
            head.append("draft: true")
        if fields.get("paper"):
            head.append("paper: lin2026")
        body = fields["body"]
        if fields.get("wiki"):  # (Obsidian's link by name: the page is in pages/)
            body += " See [[about]]."
        if fields.get("include"):
            body += '\n\n{{< code file="snippets/step.py" >}}\n'
        if fields.get("image"):
            body += '\n\n![A figure](figure.png "The figure")\n'
        rel = f"content/posts/{name}/index.md" if fields.get("image") else \
            f"content/posts/{name}.md"
        self._put(rel, "---\n" + "\n".join(head) + "\n---\n" + body + "\n")

    @initialize()
    def start(self) -> None:
        files: dict[str, str | bytes] = {
            "lanting.toml": 'title = "Stateful"\nbase_url = "https://x.org/"\n'
                            '[[menu]]\nname = "Blog"\nurl = "/blog/"\n',
            "content/_index.md": "---\ntitle: Me\nnews:\n  - date: 2026-01-05\n"
                                 "    text: A talk at **ACL**.\n---\nBio.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nAbout [a](../posts/a.md).\n",
            "content/publications.bib": "@inproceedings{lin2026,\n  title = {Ring Attention},\n"
                                        "  author = {Lin, Zhiyuan},\n  year = {2026},\n}\n",
            "content/talks/t.md": "---\ntitle: A talk\ndate: 2026-01-06\npaper: lin2026\n---\n"
                                  "# Slide one\n\nNote: say hello.\n\n---\n\n# Two\n",
            "snippets/step.py": "def step(x):\n    return x + 1\n",
        }
        for rel, text in files.items():
            self._put(rel, text)
        self.model["a"] = dict(title="A", day=1, tags=["rl"], summary=None, badge="",
                               series="S", order=1, draft=False, body="Alpha 显存。",
                               include=True)
        self.model["b"] = dict(title="B", day=2, tags=["rl", "PPO"], summary="Sum B",
                               badge="new", series="S", order=2, draft=False,
                               body="Beta see [a](a.md).", paper=True)
        self.model["c"] = dict(title="C", day=3, tags=["misc"], summary=None, badge="",
                               series="", order=0, draft=False, body="Gamma.", image=True)
        self._put("content/posts/c/figure.png", _png(64, "#a3352a"))
        for name in self.model:
            self._post(name)

    # -- rules ------------------------------------------------------------------------

    @rule(name=st.sampled_from(["a", "b", "c"]), words=st.lists(st.sampled_from(WORDS),
                                                               min_size=1, max_size=60))
    def edit_body(self, name: str, words: list[str]) -> None:
        self.model[name]["body"] = " ".join(words)
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), title=st.sampled_from(["A", "B", "C", "新标题",
                                                                       "PPO 入门"]))
    def edit_title(self, name: str, title: str) -> None:
        self.model[name]["title"] = title
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), summary=st.one_of(
        st.none(), st.sampled_from(["一句话摘要", "Summary two"])))
    def edit_summary(self, name: str, summary: str | None) -> None:
        self.model[name]["summary"] = summary
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), tags=st.lists(st.sampled_from(TAGS),
                                                              unique=True, max_size=3))
    def edit_tags(self, name: str, tags: list[str]) -> None:
        self.model[name]["tags"] = tags
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), day=st.integers(1, 9))
    def edit_date(self, name: str, day: int) -> None:
        self.model[name]["day"] = day
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), badge=st.sampled_from(["", "new", "hot"]))
    def edit_params(self, name: str, badge: str) -> None:
        self.model[name]["badge"] = badge
        self._post(name)

    @rule(name=st.sampled_from(["a", "b", "c"]), series=st.sampled_from(["", "S", "T"]),
          order=st.integers(1, 3))
    def edit_series(self, name: str, series: str, order: int) -> None:
        others = [m for n, m in self.model.items() if n != name and m["series"] == series]
        if series and any(m["order"] == order for m in others):
            order = max(m["order"] for m in others) + 1  # a duplicate part is an error
        self.model[name].update(series=series, order=order)
        self._post(name)

    @rule(name=st.sampled_from(["b", "c"]))
    def toggle_draft(self, name: str) -> None:
        self.model[name]["draft"] = not self.model[name]["draft"]
        self._post(name)

    @rule(intro=st.one_of(st.none(), st.sampled_from([
        "---\ntitle: 笔记\n---\n长文笔记，见 [a](a.md)。\n",
        "---\ntitle: Notes\nsummary: On $x^2$.\n---\n",
        "---\ntitle: Notes\n---\nWith **emphasis**.\n"])))
    def edit_blog_page(self, intro: str | None) -> None:
        """`content/posts/_index.md`: the blog page's title and text (or none)."""
        self._put("content/posts/_index.md", intro)

    @rule(path=st.sampled_from(["tags/rl.md", "tags/PPO.md", "tags/unused.md",
                                "series/S.md", "categories/notes.md"]),
          text=st.one_of(st.none(), st.sampled_from([
              "---\ntitle: 强化学习\nsummary: On $x^2$.\n---\n见 [a](../posts/a.md)。\n",
              "---\nsummary: 本系列。\n---\n",
              "---\ntitle: Term\n---\nWith **emphasis**.\n"])))
    def edit_term_text(self, path: str, text: str | None) -> None:
        """A tag's, series' or category's own text (or none); `unused` names no term."""
        self._put(f"content/{path}", text)

    @rule(name=st.sampled_from(["a", "b", "c"]), wiki=st.booleans())
    def edit_wiki_link(self, name: str, wiki: bool) -> None:
        self.model[name]["wiki"] = wiki
        self._post(name)

    @rule(code=st.sampled_from(["return x + 1", "return x * 2", "return 0"]))
    def edit_include(self, code: str) -> None:
        self._put("snippets/step.py", f"def step(x):\n    {code}\n")

    @rule(title=st.sampled_from(["Ring Attention", "Ring Attention at Scale", "环形注意力"]),
          second=st.booleans())
    def edit_bibliography(self, title: str, second: bool) -> None:
        self._put("content/publications.bib", "@inproceedings{lin2026,\n  title = {"
                  + title + "},\n  author = {Lin, Zhiyuan},\n  year = {2026},\n}\n"
                  + ("@article{wu2025,\n  title = {Rollouts},\n  author = {Wu, Di},\n"
                     "  year = {2025},\n}\n" if second else ""))

    @rule(width=st.sampled_from([64, 96, 128]), colour=st.sampled_from(["#a3352a", "#2a6aa3"]))
    def edit_image(self, width: int, colour: str) -> None:
        self._put("content/posts/c/figure.png", _png(width, colour))

    @rule(title=st.sampled_from(["Stateful", "另一个标题"]), recent=st.integers(1, 6),
          search=st.booleans())
    def edit_config(self, title: str, recent: int, search: bool) -> None:
        self._put("lanting.toml", f'title = "{title}"\nbase_url = "https://x.org/"\n'
                  f'[[menu]]\nname = "Blog"\nurl = "/blog/"\n[blog]\nrecent_posts = {recent}\n'
                  f"[search]\nenabled = {'true' if search else 'false'}\n")

    @rule(name=st.sampled_from(TEMPLATES), present=st.booleans())
    def override_template(self, name: str, present: bool) -> None:
        self.counter += 1
        self._put(f"templates/{name}", _override(name, self.counter) if present else None)

    @rule(pick=st.integers(0, 99), parked=st.booleans())
    def park_override(self, pick: int, parked: bool) -> None:
        """One of the site's overrides moved into a subfolder out of the way, or back into
        place: the same file, whose place alone decides whether it overrides the theme's
        template."""
        in_place, out_of_the_way = self.site / "templates", self.site / "templates/parked"
        source, target = (in_place, out_of_the_way) if parked else (out_of_the_way, in_place)
        names = sorted(p.name for p in source.glob("*") if p.is_file()) \
            if source.is_dir() else []
        name = names[pick % len(names)] if names else ""
        if not name or (target / name).exists():
            return
        target.mkdir(parents=True, exist_ok=True)
        (source / name).rename(target / name)
        self.changed.update({str(source / name), str(target / name)})

    @rule(show=st.sampled_from(["reading_minutes", "params", "summary", None]))
    def override_macros(self, show: str | None) -> None:
        """An override of `_macros.html` that shows more of each listed post."""
        text = (THEME / "_macros.html").read_text(encoding="utf-8")
        marker = '<p class="summary">'
        value = {"reading_minutes": "{{ post.reading_minutes }}",
                 "params": "{{ post.params.get('badge', '') }}",
                 "summary": "{{ post.summary }}"}.get(show or "", "")
        self._put("templates/_macros.html", text.replace(
            marker, f'<span class="shown">{value}</span>' + marker) if show else None)

    # -- the property -----------------------------------------------------------------

    @invariant()
    def builds_equal_clean_builds(self) -> None:
        if not self.changed and self.live is not None:
            return
        _incremental_equals_clean(self.site, self.tmp)
        self._serve_equals_fresh()
        self.changed = set()

    def _serve_equals_fresh(self) -> None:
        options = BuildOptions(drafts=True, jobs=1, cache=False, base_url="http://localhost/")
        if self.live is None:
            self.live = LiveSite(self.site, options, report=lambda message: None)
            self.live.rebuild()
        else:
            self.live.rebuild(self.changed)
        assert self.live.error is None, self.live.error
        _as_a_new_process()
        fresh = LiveSite(self.site, options, report=lambda message: None)
        fresh.rebuild()
        assert fresh.error is None, fresh.error
        assert _served(self.live) == _served(fresh)


def _served(live: LiveSite) -> dict[str, bytes]:
    """What `lanting serve` serves, without the search index (built in the background)."""
    return {path: data if isinstance(data, bytes) else data.read_bytes()
            for path, data in live.store.files.items() if not path.startswith("search-index/")}


SiteEdits.TestCase.settings = settings(
    max_examples=int(os.environ.get("LANTING_STATEFUL_EXAMPLES", "8")),
    stateful_step_count=int(os.environ.get("LANTING_STATEFUL_STEPS", "26")), deadline=None,
    # No shrinking: each step builds four times, and the failing sequence is printed whole.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestIncrementalEqualsClean = pytest.mark.slow(SiteEdits.TestCase)
"""Steps per run: LANTING_STATEFUL_EXAMPLES x LANTING_STATEFUL_STEPS (8 x 26 in CI)."""
