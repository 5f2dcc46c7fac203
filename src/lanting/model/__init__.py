"""The data every stage passes on: plain data classes (frozen, but for a page's lazily
loaded `Body` and a file's `Reads`, which only grow while it renders), importing nothing
else of Lanting, so any stage can use them without depending on another stage.

`config` (the typed `lanting.toml`), `content` (sources, front matter, documents),
`markdown` (what rendering one document gives), `site` (pages, the site model,
publications, talks), `output` (files to write and what they read), `problem` (what is
wrong, where), plus `names` (slugs) and `digest` (stable digests of model values).
"""
