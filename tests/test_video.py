"""`{{< video >}}`: a Bilibili or YouTube video as a poster that links to the video and
asks the provider for nothing until the reader clicks (the swap is in reader.js; see
tests/browser/test_video_player.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import png

from lanting.errors import LantingError
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


def render(text: str, lang: str = "zh-CN"):
    ctx = RenderContext(path=Path("/s/content/posts/a.md"), rel="posts/a.md", body_line=5,
                        lang=lang)
    return render_markdown(text, ctx)


def test_bilibili_video_is_a_link_until_clicked() -> None:
    out = render('{{< video bilibili="BV1GJ411x7h7" title="报告录像" start=30 page=2 >}}\n')
    assert out.problems == ()
    figure = parse_html(out.html).one("figure", class_="video")
    assert "video-bilibili" in figure.classes
    link = figure.one("a", class_="video-load")
    assert link["href"] == "https://www.bilibili.com/video/BV1GJ411x7h7/?p=2&t=30"
    assert link["data-embed"] == ("https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7"
                                  "&page=2&autoplay=1&high_quality=1&t=30")
    assert link["data-title"] == "报告录像" and figure.one("figcaption").text() == "报告录像"
    assert link.one(class_="video-play").text() == "▶ 在哔哩哔哩播放"
    assert figure.find("iframe") is None and figure.find("img") is None  # nothing fetched
    assert figure.one(class_="video-poster-none")


def test_youtube_uses_the_no_cookie_player_and_the_page_language() -> None:
    link = parse_html(render('{{< video youtube="dQw4w9WgXcQ" >}}\n', "en").html).one("a")
    assert link["href"] == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    assert link["data-embed"] == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"
    assert link.text() == "▶ Play on YouTube"
    zh = parse_html(render('{{< video youtube="dQw4w9WgXcQ" start=5 >}}\n').html).one("a")
    assert zh.text() == "▶ 在 YouTube 播放" and zh["href"].endswith("&t=5s")


def test_a_youtube_playlist_plays_in_youtube_s_playlist_player() -> None:
    """A blog's playlist embed (`embed/videoseries?list=…`, or a video of one,
    `embed/ID?list=…`) was only a single video, or nothing: `list=` keeps the list."""
    one = parse_html(render('{{< video youtube="dQw4w9WgXcQ" list="PL9hF3Zq7x2LkD0sYbCq" '
                            'start=5 >}}\n', "en").html).one("a")
    assert one["href"] == ("https://www.youtube.com/watch?v=dQw4w9WgXcQ"
                           "&list=PL9hF3Zq7x2LkD0sYbCq&t=5s")
    assert one["data-embed"] == ("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
                                 "?autoplay=1&list=PL9hF3Zq7x2LkD0sYbCq&start=5")
    whole = render('{{< video list="PL9hF3Zq7x2LkD0sYbCq" >}}\n', "en")
    link = parse_html(whole.html).one("figure", class_="video-youtube").one("a")
    assert whole.problems == ()
    assert link["href"] == "https://www.youtube.com/playlist?list=PL9hF3Zq7x2LkD0sYbCq"
    assert link["data-embed"] == ("https://www.youtube-nocookie.com/embed/videoseries"
                                  "?autoplay=1&list=PL9hF3Zq7x2LkD0sYbCq")


@pytest.mark.parametrize(("written", "message", "hint"), [
    ("{{< video >}}", 'video needs one of bilibili="BV…" or youtube="…"',
     "the BV id from the video's address: bilibili=\"BV1GJ411x7h7\""),
    ('{{< video bilibili="av170001" >}}', "video: `av170001` is not a Bilibili video id",
     "the BV id from the video's address: bilibili=\"BV1GJ411x7h7\""),
    ('{{< video youtube="https://youtu.be/dQw4w9WgXcQ" >}}',
     "video: `https://youtu.be/dQw4w9WgXcQ` is not a YouTube video id",
     'the 11-character id after watch?v=: youtube="dQw4w9WgXcQ"'),
    ('{{< video youtube="dQw4w9WgXcQ" start=1:30 >}}', "video: `start=1:30` is not a whole "
     "number", "write start=30"),
    ('{{< video youtube="dQw4w9WgXcQ" autoplay=1 >}}', "video: unknown option `autoplay`",
     "options: bilibili or youtube, list, poster, title, start, page"),
    ('{{< video bilibili="BV1GJ411x7h7" list="PL9hF3Zq7x2LkD0sYbCq" >}}',
     "video: `list=PL9hF3Zq7x2LkD0sYbCq` is not a YouTube playlist id",
     "the id after list= in the playlist's address: list=\"PL9hF3Zq7x2LkD0sYbCq\""),
    ('{{< video list="a b" >}}', "video: `list=a b` is not a YouTube playlist id",
     "the id after list= in the playlist's address: list=\"PL9hF3Zq7x2LkD0sYbCq\""),
])
def test_bad_video_shortcodes_are_errors_at_their_line(written: str, message: str,
                                                       hint: str) -> None:
    out = render("Intro.\n\n" + written + "\n")
    assert [(p.line, p.message, p.hint, p.severity) for p in out.problems] == [
        (7, message, hint, "error")]


def test_poster_beside_the_post_is_resolved_and_checked(make_site, build_site, post) -> None:
    site = make_site({
        "content/posts/clip/index.md": post("Clip", body=(
            '{{< video bilibili="BV1GJ411x7h7" poster="poster.png" >}}\n')),
        "content/posts/clip/poster.png": png(640, 360),
    })
    out = build_site(site).output
    doc = parse_html((out / "posts/clip/index.html").read_bytes())
    img = doc.one("a", class_="video-load").one("img", class_="video-poster")
    assert img["src"] == "/posts/clip/poster.png" and (out / "posts/clip/poster.png").is_file()
    (site / "content/posts/clip/poster.png").unlink()
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.message.startswith("missing image `poster.png`")
    assert problem.path is not None and problem.path.name == "index.md"
