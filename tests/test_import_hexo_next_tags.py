"""Tags of Hexo itself and of NexT that real Chinese NexT blogs used, in small sites
written here: each was left in a comment, or its links broken."""

from __future__ import annotations

from pathlib import Path

from test_import_hexo_sites import hexo_site, post_text

CONFIG = "title: 笔记\nlanguage: zh-CN\ntheme: next\npermalink: :year/:month/:day/:title/\n"


def test_the_code_tag_is_a_code_block(tmp_path: Path) -> None:
    """Hexo registers its `codeblock` tag under a second name, `code`: a post's
    `{% code lang:c %}…{% endcode %}` was two comments with the code as prose between."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/alloc.md": (
            "---\ntitle: 内存分配\ndate: 2023-06-01\n---\n\n"
            "{% code lang:c malloc.c %}\nvoid *p = malloc(16);\n{% endcode %}\n")})
    assert imported.report.warnings == []
    text = post_text(imported, "alloc")
    assert '```c title=malloc.c\nvoid *p = malloc(16);\n```' in text
    assert "{%" not in text
