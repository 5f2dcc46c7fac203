"""The data every stage passes on: plain frozen data classes, importing nothing else of
Lanting, so any stage can use them without depending on another stage.

`config` (the typed `lanting.toml`), `content` (sources, front matter, documents),
`markdown` (what rendering one document gives), `site` (pages, the site model,
publications, talks), `output` (files to write), plus `names` (slugs) and `digest`
(stable digests of model values).
"""
