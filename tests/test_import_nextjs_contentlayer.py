"""Next.js blogs whose Markdown Contentlayer reads from a folder of their own choosing
(`contentDirPath: "./src/posts"`), not tailwind-nextjs-starter-blog's `data/blog/`:
detected as Next.js, their document types' dates, their URLs and the site's title."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import NOW
from sitebits import write_files

from lanting.importer import detect, import_site

_CONFIG = """import { defineDocumentType, makeSource } from 'contentlayer/source-files';
import remarkMath from 'remark-math';
export const Post = defineDocumentType(() => ({
  name: 'Post',
  contentType: 'mdx',
  filePathPattern: '**/*.mdx',
  fields: {
    title: { type: 'string', required: true },
    tag: { type: 'list', of: { type: 'string' } },
    createdAt: { type: 'date', required: true },
  },
  computedFields: {
    url: { type: 'string', resolve: (doc) => `/articles/${doc._raw.flattenedPath}` },
  },
}));
export default makeSource({ contentDirPath: './src/posts', documentTypes: [Post],
  mdx: { remarkPlugins: [remarkMath] } });
"""


def test_a_blog_contentlayer_reads_from_its_own_folder(tmp_path: Path) -> None:
    """It was read as a folder of notes: one page, its posts' `createdAt` and URLs lost."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": '{ "dependencies": { "next": "14.0.0" } }\n',
        "contentlayer.config.ts": _CONFIG,
        "src/app/layout.tsx": "export const metadata: Metadata = {\n"
                              "  title: 'Kim Blog',\n  description: 'Notes on systems.',\n};\n",
        "src/posts/algorithms/kmp.mdx": "---\ntitle: KMP\ntag: [Strings]\n"
                                        "createdAt: 2023-04-13\n---\n\nIn $O(n)$ time.\n",
        "src/posts/algorithms/notes.md": "---\ntitle: Draft notes\n---\n\nx\n",
        "src/posts/retro/2024-03.mdx": "---\ntitle: March\ncreatedAt: 2024-04-01\n---\n\ny\n"})
    assert detect(source) == "nextjs"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["2024-03.md", "kmp.md"]
    text = (posts / "kmp.md").read_text(encoding="utf-8")
    assert "date: 2023-04-13" in text and "tags: [Strings]" in text
    assert '"/articles/algorithms/kmp/"' in text
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "Kim Blog" and config["description"] == "Notes on systems."
