"""The Next.js importer on a blog whose own code reads its Markdown with `fs`, as
Next.js's tutorial blog does: no Contentlayer, Velite or `@next/mdx` names the folder."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, redirect_target
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site

_POST = "---\ntitle: 'Two Forms of Pre-rendering'\ndate: '2020-01-01'\n---\n\nNext.js has two.\n"


def test_the_tutorials_pages_router_blog_is_a_nextjs_blog(tmp_path: Path) -> None:
    """`lib/posts.js` lists `path.join(process.cwd(), 'posts')` and `pages/posts/[id].js`
    shows each: read as a folder of notes before, its posts pages without dates or
    old URLs."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "package.json": '{"dependencies": {"next": "latest", "gray-matter": "^4"}}\n',
        "lib/posts.js": "import fs from 'fs'\nimport path from 'path'\n"
                        "const postsDirectory = path.join(process.cwd(), 'posts')\n"
                        "export function getSortedPostsData() {\n"
                        "  const fileNames = fs.readdirSync(postsDirectory)\n}\n",
        "pages/posts/[id].js": "import { getPostData } from '../../lib/posts'\n"
                               "export default function Post() { return null }\n",
        "pages/index.js": "export default function Home() { return null }\n",
        "posts/pre-rendering.md": _POST})
    assert detect(source) == "nextjs"
    import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "pre-rendering.md").read_text(encoding="utf-8")
    assert "date: 2020-01-01" in text and '"/posts/pre-rendering/"' not in text
    build(dest, BuildOptions())
    assert (dest / "public" / "posts" / "pre-rendering" / "index.html").is_file()


def test_an_app_router_route_reading_its_folder_gives_the_old_urls(tmp_path: Path) -> None:
    """`app/blog/posts/[slug]/page.tsx` reads `posts/${slug}.md` (`const folder =
    "posts/"`), a route beside `app/blog/tags/[slug]`: the posts' old URLs are under
    `/blog/posts/`."""
    source, dest = tmp_path / "src", tmp_path / "out"
    route = ('import fs from "fs";\nconst getPostContent = (slug: string) => {\n'
             '  const folder = "posts/";\n  const file = `${folder}${slug}.md`;\n'
             '  return fs.readFileSync(file, "utf8");\n};\n')
    write_files(source, {
        "next.config.js": "module.exports = { reactStrictMode: true };\n",
        "lib/blog/getPostMetadata.ts": 'import fs from "fs";\nconst get = () => {\n'
                                       '  const folder = "posts/";\n'
                                       "  const files = fs.readdirSync(folder);\n};\n",
        "app/blog/posts/[slug]/page.tsx": route,
        "app/blog/tags/[slug]/page.tsx": "export default function Tag() { return null }\n",
        "posts/espanso.md": _POST})
    import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "espanso.md").read_text(encoding="utf-8")
    assert '"/blog/posts/espanso/"' in text
    build(dest, BuildOptions())
    assert redirect_target(dest / "public", "/blog/posts/espanso/") == "/posts/espanso/"
