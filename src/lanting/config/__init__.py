"""Stage 1 — `lanting.toml` read into the typed `model.config.Config` (`load`), the schema
that turns mappings into data classes with file:line problems (`schema`, `locate`), and
the languages of a site with their interface strings (`languages`, `i18n`).
"""
