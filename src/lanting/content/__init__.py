"""Stages 2–5 for the site's files: `discover` walks `content/`, `frontmatter` splits and
validates each source, `documents` renders one source's Markdown, `notebook` turns a
Jupyter notebook into a source, `bibliography` reads `publications.bib`, `translations`
groups the language versions of a text.
"""
