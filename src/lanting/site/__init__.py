"""Stages 6–8 — the site model: where every page goes (`routes`), the pages with their bodies
(`bodies`, `images`), the blog, tags and series (`assemble`), talks (`talks`), the
academic links (`academic`) and one model per language (`sections`).
"""
