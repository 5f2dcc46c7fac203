"""The URLs a Jekyll site gave its posts, for the aliases that keep them answering: the
permalink styles (`date`, `pretty`, …) and patterns with their tokens (`:categories`,
`:title`, `:y_day`, …) in the site's time zone, a post's own `permalink:`, and
jekyll-redirect-from's `redirect_from`; and the Lanting pattern that gives the same URLs
where one can."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from lanting.importer.common import Options
from lanting.importer.listings import jekyll_slugify
from lanting.importer.site import slug_of
from lanting.importer.text import When
from lanting.model.config import DEFAULT_POST_PERMALINK

STYLES = {"date": "/:categories/:year/:month/:day/:title:output_ext",
          "pretty": "/:categories/:year/:month/:day/:title/",
          "ordinal": "/:categories/:year/:y_day/:title:output_ext",
          "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
          "none": "/:categories/:title:output_ext"}


class JekyllUrls:
    """The old-URL side of the Jekyll importers."""

    options: Options
    config: dict[str, Any]
    tz: dt.tzinfo
    baseurl: str

    def pattern(self) -> str:
        style = str(self.options.permalink or self.config.get("permalink") or "date")
        return STYLES.get(style, style)

    def lanting_pattern(self, pattern: str, categorized: bool = True) -> str:
        """The source's pattern in Lanting's words, if it has them; else the default.
        (Jekyll reads `:title/` from the site's root, as `/:title/`.) On a site whose
        posts have no categories `:categories` was empty in every URL (`pretty`:
        `/:year/:month/:day/:title/`), so the pattern without it gives them all."""
        if not categorized:
            pattern = re.sub(r"/?:categories(?=/|$)", "", pattern)
        translated = "/" + pattern.replace(":title", ":slug").lstrip("/")
        if re.search(r":(?!year\b|month\b|day\b|slug\b)\w+", translated) \
                or not translated.endswith("/") or ":slug" not in translated:
            return DEFAULT_POST_PERMALINK
        return translated

    def old_urls(self, data: dict[str, Any], pattern: str, date: When, categories: list[str],
                 title: str) -> list[str]:
        permalink = data.get("permalink")
        pattern = str(permalink) if isinstance(permalink, str) and permalink else pattern
        moment = date.in_zone(self.tz)
        values = {
            "categories": "/".join(c.lower() for c in categories),
            "year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
            "day": f"{moment.day:02d}", "i_month": str(moment.month), "i_day": str(moment.day),
            "short_year": f"{moment.year % 100:02d}", "y_day": f"{moment.timetuple().tm_yday:03d}",
            "hour": f"{moment.hour:02d}", "minute": f"{moment.minute:02d}",
            "second": f"{moment.second:02d}",
            "title": jekyll_slugify(str(data.get("slug") or title), pretty=True),
            "slug": slug_of(str(data.get("slug") or title)), "output_ext": ".html",
            "week": f"{moment.isocalendar()[1]:02d}", "short_day": moment.strftime("%a"),
            "slugified_categories": "/".join(slug_of(c) for c in categories),
        }
        url = re.sub(r":([a-z_]+)", lambda m: values.get(m.group(1), m.group()), pattern)
        url = re.sub(r"/{2,}", "/", "/" + url)
        urls = [self.baseurl + url]
        redirects = data.get("redirect_from")
        for extra in ([redirects] if isinstance(redirects, str) else redirects or []):
            urls.append(self.baseurl + "/" + str(extra).lstrip("/"))
        return urls


def old_path(url: str) -> str:
    """An old page's URL as links are compared with it: `/x/index.html`, `/x.html` and
    `/x` are `/x/`."""
    url = re.sub(r"(?:/index)?\.html?$", "", url.split("#")[0].split("?")[0])
    return "/" + url.strip("/") + "/" if url.strip("/") else "/"
