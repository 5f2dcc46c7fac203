"""Stage 9 — every output page rendered in memory with the Jinja templates (`templates`,
`pages`, `site_pages`, `academic_pages`, `sections`), and the theme's assets: CSS,
scripts, the subset math font (`assets`, `mathfont`, `contrast`), minified HTML
(`minify`) and preview-card data (`sharing`).
"""
