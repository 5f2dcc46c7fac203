"""The Astro importer on a collection read by a loader of the site's own that wraps
`glob()`, and on the site's own link-card components in MDX posts."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

_LOADER = ("import { glob } from 'astro/loaders'\n\n"
           "export function postLoader(params: { pattern: string; base: string }) {\n"
           "  return { name: 'posts', load: async (context) => {\n"
           "    await glob(params).load(context)\n  } }\n}\n")
_CONFIG = ('import { defineCollection, z } from "astro:content";\n'
           'import { file } from "astro/loaders";\n'
           'import { postLoader } from "./content/loader";\n\n'
           "const blog = defineCollection({\n"
           '  loader: postLoader({ pattern: "**/*.mdx", base: "./src/data/blog" }),\n'
           "  schema: z.object({ title: z.string(), pubDate: z.coerce.date() }),\n});\n"
           'const tags = defineCollection({ loader: file("src/data/tags.json") });\n\n'
           "export const collections = { blog, tags };\n")
_CARD = ("---\nimport { fetchMeta } from '@utils/meta';\n"
         "interface Props {\n  url: string;\n  name?: string;\n}\n"
         "const { url, name } = Astro.props;\nconst meta = await fetchMeta(url);\n---\n\n"
         "<a href={meta.url} class='card'><strong>{meta.title}</strong>"
         "<p>{meta.description}</p></a>\n")


def test_a_loader_of_the_sites_own_given_globs_options_is_read(tmp_path: Path) -> None:
    """`loader: postLoader({ pattern, base })`, the site's own loader passing its
    options to `glob()` (to drop drafts in production): the collection was skipped as a
    loader of other data, and an ML blog's posts were lost ("nothing imported")."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/content.config.ts": _CONFIG, "src/content/loader.ts": _LOADER,
        "src/data/tags.json": "[]\n",
        "src/data/blog/bpe.mdx": "---\ntitle: BPE\npubDate: 2024-02-15\n---\n\nMerges.\n"})
    import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "bpe.md").read_text(encoding="utf-8")
    assert "title: BPE" in text and "date: 2024-02-15" in text


def test_the_sites_own_link_cards_are_links(tmp_path: Path) -> None:
    """`<Bookmark name="…" url="…" />`, a component of the site showing a card of the
    page it links to: each use was a warning and a comment, the link lost. A component
    taking a URL property and showing an `<a>` is a link, its text the name given."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/components/Bookmark.astro": _CARD,
        "src/components/Note.astro": "<aside class='note'><slot /></aside>\n",
        "src/content/blog/bpe.mdx": (
            "---\ntitle: BPE\npubDate: 2024-02-15\n---\n\n"
            'import Bookmark from "../../components/Bookmark.astro";\n\nRead:\n\n'
            '<Bookmark name="BPE [course]" url="https://example.org/nlp/bpe" />\n'
            '<Bookmark url="https://example.org/tokenizers" />\n\nMore text.\n')})
    imported = import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "bpe.md").read_text(encoding="utf-8")
    assert "[BPE \\[course\\]](https://example.org/nlp/bpe)" in text
    assert "[https://example.org/tokenizers](https://example.org/tokenizers)" in text
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert not [w for w in warnings if "Bookmark" in w]
    out = build(dest, BuildOptions()).output
    links = [a.get("href") for a in page(out, "/posts/bpe/").find_all("a")]
    assert "https://example.org/nlp/bpe" in links
