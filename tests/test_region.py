"""`lanting check --region cn`: the third-party hosts a built site makes browsers contact,
read from the output, and the ones known to fail from mainland China."""

from __future__ import annotations

from collections.abc import Callable

from lanting.model.output import OutputFile, ThirdPartyHost
from lanting.output.region import contacted_hosts, known_failure, region_problems

Run = Callable[..., tuple[int, str, str]]

PAGE = b"""<!doctype html><html><head>
<link rel=stylesheet href="https://fonts.googleapis.com/css2?family=Noto+Serif+SC">
<link rel=preconnect href=https://fonts.gstatic.com crossorigin>
<link rel=canonical href=https://me.example.org/a/>
<link rel=alternate href=https://feeds.example.net/atom.xml>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
<style>@import "https://cdn.example.com/x.css"; .a{background:url(//img.example.com/b.png)}</style>
</head><body>
<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">a link is not a request</a>
<img src="https://me.example.org/own.png"
 srcset="https://pics.example.com/1.png 1x, https://pics2.example.com/2.png 2x">
<p style="background-image: url('https://bg.example.com/c.jpg')">x</p>
<section class=comments data-script=https://giscus.app/client.js></section>
<a class=video-load href=https://www.bilibili.com/video/BV1GJ411x7h7/ data-embed="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7"></a>
</body></html>"""


def test_hosts_contacted_with_the_page_and_on_demand() -> None:
    other = OutputFile("b/index.html", None)  # kept from the previous build: read back
    css = OutputFile("assets/style.css", b"@font-face{src:url(https://font.example.com/f.woff2)}")
    found = contacted_hosts([OutputFile("a/index.html", PAGE), other, css,
                             OutputFile("data.json", b'"https://x.example.com/"')],
                            "me.example.org", lambda path: PAGE if path == "b/index.html" else None)
    assert {h.host: (h.pages, h.first_page, h.on_demand) for h in found} == {
        "bg.example.com": (2, "a/index.html", False),
        "cdn.example.com": (2, "a/index.html", False),
        "font.example.com": (1, "assets/style.css", False),
        "fonts.googleapis.com": (2, "a/index.html", False),
        "fonts.gstatic.com": (2, "a/index.html", False),
        "giscus.app": (2, "a/index.html", True),
        "img.example.com": (2, "a/index.html", False),
        "pics.example.com": (2, "a/index.html", False),
        "pics2.example.com": (2, "a/index.html", False),
        "player.bilibili.com": (2, "a/index.html", True),
        "www.googletagmanager.com": (2, "a/index.html", False),
    }  # not: the site's own host, <a href>, canonical/alternate links, JSON


def test_known_failures_match_subdomains_and_suggest_what_to_use() -> None:
    assert known_failure("secure.gravatar.com", "cn").instead.startswith("put the avatar")
    assert known_failure("i.ytimg.com", "cn").why == "YouTube is blocked in mainland China"
    assert known_failure("notgravatar.com", "cn") is None
    assert known_failure("player.bilibili.com", "cn") is None
    [problem] = region_problems([ThirdPartyHost("cdn.jsdelivr.net", 3, "a/index.html", False),
                                 ThirdPartyHost("plausible.io", 9, "a/index.html", False)],
                                "cn")
    assert problem.severity == "warning"
    assert problem.message == (
        "cdn.jsdelivr.net: jsDelivr has had no mainland China network since 2021 and often "
        "fails there; contacted with the page by a/index.html and 2 more")
    assert problem.hint.startswith("download the file into static/")


def test_check_region_cn_lists_hosts_and_warns(make_site, post, run_cli: Run) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://t.example.org/"\n'
                        '[search]\nenabled = false\n'
                        '[comments]\nprovider = "twikoo"\nserver = "https://tk.example.cn"\n'
                        'script = "/js/twikoo.min.js"\n'
                        "[analytics]\nsnippet = '<script defer src=\"https://plausible.io/js/"
                        "script.js\"></script>'\n",
        "content/posts/a.md": post("A", body='{{< video youtube="dQw4w9WgXcQ" >}}\n'),
        "static/js/twikoo.min.js": "window.twikoo = {};\n",
    })
    code, out, err = run_cli("check", site, "--region", "cn")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "third-party hosts (region cn):"
    assert any(line.startswith("  ✓ plausible.io (with the page, ") for line in lines)
    assert "  ✗ www.youtube-nocookie.com (on demand, 1 file, e.g. posts/a/index.html) — " \
           "known to fail there (warning below)" in lines
    assert not [line for line in lines if "tk.example.cn" in line and "✗" in line]
    assert "warning: www.youtube-nocookie.com: YouTube is blocked in mainland China" in err
    assert "jsdelivr" not in out  # the Twikoo client is served from static/
    code, _out, err = run_cli("check", site, "--region", "cn", "--strict")
    assert code != 0 and "error: www.youtube-nocookie.com" in err


def test_a_site_without_third_parties_says_so(make_site, post, run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": post("A")})
    code, out, _err = run_cli("check", site, "--region", "cn")
    assert code == 0
    assert out.splitlines()[0] == ("third-party hosts (region cn): none; pages load only "
                                   "from the site")
