"""`lanting serve`: the HTTP server over a site in memory (`http`), the watcher that
rebuilds and reloads browsers (`live`), and the quick path for an edited post
(`incremental`). It uses `build`; nothing in `build` uses it.
"""
