"""Stages 10–12 — what leaves the build: the checks of the finished site in memory
(`check`, `external`), the search index (`search`) and the only writer
(`write`).
"""
