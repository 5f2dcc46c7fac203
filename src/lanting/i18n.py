"""UI strings and date formats per language; a site can override any string."""

from __future__ import annotations

import datetime as dt

STRINGS: dict[str, dict[str, str]] = {
    "zh": {
        "blog": "博客",
        "posts_count": "{n} 篇文章",
        "year_count": "{n} 篇",
        "home": "首页",
        "tags": "标签",
        "categories": "分类",
        "series": "系列",
        "all_series": "全部系列",
        "series_part": "系列 · 第 {k} / {n} 篇",
        "archive": "归档",
        "recent_posts": "最新文章",
        "all_posts": "全部文章 →",
        "reading_time": "约 {n} 分钟",
        "toc": "目录",
        "previous": "上一篇",
        "next": "下一篇",
        "newer": "较新",
        "older": "较早",
        "updated": "更新于",
        "draft": "草稿",
        "not_found": "页面不存在",
        "not_found_text": "你要找的页面不存在或已被移动。",
        "back_home": "返回首页",
        "feed": "订阅",
        "skip_to_content": "跳到正文",
        "tagged": "标签：{name}",
        "in_series": "系列：{name}",
        "parts": "{n} 篇",
        "powered_by": "由 Lanting 构建",
        "menu": "菜单",
        "language_name": "中文",
        "languages": "语言",
        "also_in": "本文的其他语言版本：",
        "search": "搜索",
        "search_placeholder": "搜索文章、标签、术语…",
        "search_loading": "正在加载搜索索引…",
        "search_error": "搜索索引加载失败。",
        "search_results": "{n} 条结果",
        "search_one_result": "1 条结果",
        "search_no_results": "没有找到与“{q}”相关的内容",
        "search_more": "更多结果",
        "search_all": "全部",
        "search_all_tags": "全部标签",
        "search_kind": "类型",
        "search_close": "关闭",
        "search_hint": "↑↓ 选择 · Enter 打开 · Esc 关闭",
        "search_needs_js": "搜索需要浏览器启用 JavaScript。",
        "search_browse_archive": "在归档中浏览全部文章 →",
        "kind_post": "文章",
        "kind_page": "页面",
        "kind_talk": "报告",
        "kind_publication": "论文",
    },
    "en": {
        "blog": "Blog",
        "posts_count": "{n} posts",
        "year_count": "{n} posts",
        "home": "Home",
        "tags": "Tags",
        "categories": "Categories",
        "series": "Series",
        "all_series": "All series",
        "series_part": "Series · Part {k} of {n}",
        "archive": "Archive",
        "recent_posts": "Recent posts",
        "all_posts": "All posts →",
        "reading_time": "{n} min read",
        "toc": "Contents",
        "previous": "Previous",
        "next": "Next",
        "newer": "Newer",
        "older": "Older",
        "updated": "Updated",
        "draft": "Draft",
        "not_found": "Page not found",
        "not_found_text": "The page you are looking for does not exist or has moved.",
        "back_home": "Back to the home page",
        "feed": "Feed",
        "skip_to_content": "Skip to content",
        "tagged": "Tagged “{name}”",
        "in_series": "Series: {name}",
        "parts": "{n} parts",
        "powered_by": "Built with Lanting",
        "menu": "Menu",
        "language_name": "English",
        "languages": "Languages",
        "also_in": "Also available in:",
        "search": "Search",
        "search_placeholder": "Search posts, tags, terms…",
        "search_loading": "Loading the search index…",
        "search_error": "The search index could not be loaded.",
        "search_results": "{n} results",
        "search_one_result": "1 result",
        "search_no_results": "No results for “{q}”",
        "search_more": "More results",
        "search_all": "All",
        "search_all_tags": "All tags",
        "search_kind": "Kind",
        "search_close": "Close",
        "search_hint": "↑↓ to move · Enter to open · Esc to close",
        "search_needs_js": "Search needs JavaScript in your browser.",
        "search_browse_archive": "Browse every post in the archive →",
        "kind_post": "Post",
        "kind_page": "Page",
        "kind_talk": "Talk",
        "kind_publication": "Publication",
    },
}

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def base_language(lang: str) -> str:
    """`zh-CN` -> `zh`; unknown languages fall back to English strings."""
    base = lang.split("-")[0].lower()
    return base if base in STRINGS else "en"


def strings_for(lang: str, overrides: dict[str, dict[str, str]]) -> dict[str, str]:
    base = base_language(lang)
    merged = dict(STRINGS[base])
    merged.update(overrides.get(base, {}))
    merged.update(overrides.get(lang, {}))
    return merged


def format_date(value: dt.date | dt.datetime, lang: str) -> str:
    """`2026年3月14日` for Chinese, `Mar 14, 2026` otherwise (locale-independent)."""
    if base_language(lang) == "zh":
        return f"{value.year}年{value.month}月{value.day}日"
    return f"{_MONTHS[value.month - 1]} {value.day}, {value.year}"
