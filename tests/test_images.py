"""Responsive images: WebP variants of page-bundle images in `<picture>`, cached between
builds; every image of the site gets its size."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from sitebits import bundle_files, png, read

from lanting.content.image_sizes import svg_size
from lanting.errors import LantingError
from lanting.site import images
from lanting.site.images import variant_widths


@pytest.fixture
def bundle_site(make_site, post):
    return make_site(bundle_files(post))


def test_variant_widths_never_exceed_the_image() -> None:
    assert variant_widths(3000) == (480, 800, 1200, 1600)
    assert variant_widths(1600) == (480, 800, 1200, 1600)
    assert variant_widths(1000) == (480, 800, 1000)
    assert variant_widths(300) == (300,)


def test_bundle_images_get_webp_variants_in_a_picture(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    figure = read(out, "posts/figure/index.html").one("figure")
    source = figure.one("picture").one("source")
    assert source["type"] == "image/webp"
    assert source["srcset"] == ", ".join(
        f"/posts/figure/diagram-{w}w.webp {w}w" for w in (480, 800, 1000))
    assert source["sizes"]
    img = figure.one("picture").one("img")
    assert (img["src"], img["width"], img["height"]) == ("/posts/figure/diagram.png", "1000", "500")
    for width in (480, 800, 1000):
        with Image.open(out / f"posts/figure/diagram-{width}w.webp") as variant:
            assert (variant.format, variant.size) == ("WEBP", (width, width // 2))


def test_every_image_of_the_site_gets_its_size(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    for img in read(out, "posts/figure/index.html").one("main").find_all("img"):
        assert img.get("width") and img.get("height"), img.attrs
    svg = next(i for i in read(out, "posts/figure/index.html").find_all("img")
               if i["src"].endswith(".svg"))
    assert (svg["width"], svg["height"]) == ("120", "40")
    card = next(i for i in read(out, "posts/figure/index.html").find_all("img")
                if i["src"] == "/card.png")  # a file of static/: it had no size
    assert (card["width"], card["height"]) == ("1200", "630")


@pytest.mark.parametrize(("text", "size"), [
    ('<svg width="64" height="32px" viewBox="0 0 8 4">', (64, 32)),
    ('<?xml version="1.0"?>\n<svg viewBox="0 0 120.5 40">', (120, 40)),
    ('<svg width="100%" height="100%" viewBox="0,0,30,20">', (30, 20)),
    ('<svg width="1.2.3" height="4">', None),
    ("<html></html>", None),
])
def test_svg_size(text: str, size) -> None:
    assert svg_size(text.encode()) == size


def test_variants_are_cached_between_builds(bundle_site, build_site, monkeypatch) -> None:
    first = build_site(bundle_site, out=bundle_site / "one").output
    cached = sorted(p.name for p in (bundle_site / ".lanting" / "images").iterdir())
    assert len(cached) == 5  # 3 widths of the diagram, 2 of the cover
    monkeypatch.setattr(images, "encode_variant",
                        lambda data, width: pytest.fail("encoded again"))
    second = build_site(bundle_site, out=bundle_site / "two").output
    for width in (480, 800, 1000):
        name = f"posts/figure/diagram-{width}w.webp"
        assert (first / name).read_bytes() == (second / name).read_bytes()


def test_a_variant_another_encoder_cached_is_encoded_again(bundle_site, build_site,
                                                          monkeypatch) -> None:
    # Another Pillow or libwebp may write other bytes: what a clean build would write.
    build_site(bundle_site, out=bundle_site / "one")
    encoded: list[int] = []
    real = images.encode_variant
    monkeypatch.setattr(images, "encoder", lambda: "another")
    monkeypatch.setattr(images, "encode_variant",
                        lambda data, width: encoded.append(width) or real(data, width))
    build_site(bundle_site, out=bundle_site / "two", jobs=1)  # (counted in this process)
    assert len(encoded) == 5  # every variant: 3 widths of the diagram, 2 of the cover


def test_a_site_file_wins_over_a_variant_name(make_site, build_site, post) -> None:
    site = make_site({
        "content/posts/p/index.md": post("P", body="![x](a.png)\n"),
        "content/posts/p/a.png": png(900, 300),
        "content/posts/p/a-480w.webp": b"mine",
    })
    out = build_site(site).output
    assert (out / "posts/p/a-480w.webp").read_bytes() == b"mine"
    source = read(out, "posts/p/index.html").one("source")
    assert source["srcset"] == "/posts/p/a-800w.webp 800w, /posts/p/a-900w.webp 900w"


def test_an_edited_image_updates_its_variants(bundle_site, build_site) -> None:
    out = bundle_site / "out"
    build_site(bundle_site, out=out)
    page = (out / "posts/figure/index.html").read_bytes()
    old = (out / "posts/figure/diagram-480w.webp").read_bytes()
    (bundle_site / "content/posts/figure/diagram.png").write_bytes(png(1000, 500, "#1f5fbf"))
    build_site(bundle_site, out=out)
    assert (out / "posts/figure/diagram-480w.webp").read_bytes() != old
    assert (out / "posts/figure/index.html").read_bytes() == page  # same sizes, same page
    (bundle_site / "content/posts/figure/diagram.png").write_bytes(png(700, 350))
    build_site(bundle_site, out=out)
    source = read(out, "posts/figure/index.html").one("source")
    assert source["srcset"].endswith("diagram-700w.webp 700w")
    assert not (out / "posts/figure/diagram-800w.webp").exists()


def test_variants_are_encoded_by_the_workers_with_the_pages(make_site, build_site, post) -> None:
    """Enough images for the worker processes (a real blog's hundreds of diagrams took
    minutes in one process): the same files, and a damaged one is the same error."""
    files = {f"content/posts/p{i}/index.md": post(f"P{i}", body="![x](a.png)\n")
             for i in range(6)}
    files.update({f"content/posts/p{i}/a.png": png(900 + i, 300) for i in range(6)})
    site = make_site(files)
    many = build_site(site, out=site / "two", jobs=2).output
    one = build_site(site, out=site / "one", jobs=1, cache=False).output
    names = sorted(p.relative_to(many).as_posix() for p in many.rglob("*.webp"))
    assert len(names) == 18
    assert all((many / n).read_bytes() == (one / n).read_bytes() for n in names)
    whole = png(900, 300)
    (site / "content/posts/p5/a.png").write_bytes(whole[: len(whole) // 2])
    with pytest.raises(LantingError) as caught:
        build_site(site, out=site / "three", jobs=2)
    [problem] = caught.value.problems
    assert problem.path is not None and problem.path.parent.name == "p5"
    assert "image cannot be read" in problem.message


def test_a_damaged_image_is_an_error_naming_the_file(make_site, build_site, post) -> None:
    whole = png(900, 300)
    site = make_site({
        "content/posts/p/index.md": post("P", body="![x](a.png)\n"),
        "content/posts/p/a.png": whole[: len(whole) // 2],  # cut short: the header reads
    })
    with pytest.raises(LantingError) as caught:
        build_site(site)
    [problem] = caught.value.problems
    assert problem.path is not None and problem.path.name == "a.png"
    assert "image cannot be read" in problem.message


def test_two_images_of_one_name_and_two_formats_get_their_own_variants(
        make_site, post, build_site) -> None:
    """`houdini.png` and `houdini.jpg` in one folder both made `houdini-480w.webp`: the
    build failed on two files of one name (a real Quarto blog). The second takes its
    format into the name."""
    import io

    jpeg = io.BytesIO()
    Image.new("RGB", (600, 300), "#2a6aa3").save(jpeg, "JPEG")
    site = make_site({
        "content/posts/h/index.md": post("H", body="![a](houdini.png)\n\n![b](houdini.jpg)\n"),
        "content/posts/h/houdini.png": png(600, 300),
        "content/posts/h/houdini.jpg": jpeg.getvalue()})
    out = build_site(site).output
    sources = [s["srcset"] for s in read(out, "posts/h/index.html").find_all("source")]
    assert sources == ["/posts/h/houdini-png-480w.webp 480w, /posts/h/houdini-png-600w.webp 600w",
                       "/posts/h/houdini-480w.webp 480w, /posts/h/houdini-600w.webp 600w"]
    with Image.open(out / "posts/h/houdini-png-480w.webp") as variant:
        assert variant.getpixel((240, 120))[2] < 100  # the PNG's (red) centre, not the JPEG


def test_a_big_image_of_the_site_is_read_without_pillows_warning(tmp_path, monkeypatch) -> None:
    """A 120-megapixel draw.io export in a real blog made Pillow print its
    DecompressionBombWarning raw on the terminal (twice per image, no file named); the
    site's own images are read as they are."""
    from lanting.content.image_sizes import image_size

    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1500)  # (the 2,000 pixels below: "big")
    path = tmp_path / "diagram.png"
    path.write_bytes(png(50, 40))
    assert image_size(path) == (50, 40)
    with Image.open(io.BytesIO(images.encode_variant(path.read_bytes(), 25))) as variant:
        assert variant.size == (25, 20)


def _png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _lossless_attempts(monkeypatch) -> list[bool]:
    """Records, for every WebP the variants' encoder writes, whether it was lossless."""
    attempts: list[bool] = []
    save = Image.Image.save

    def recording_save(self, fp, format=None, **params):  # noqa: A002 - Pillow's name
        attempts.append(bool(params.get("lossless")))
        return save(self, fp, format, **params)

    monkeypatch.setattr(Image.Image, "save", recording_save)
    return attempts


def test_a_flat_diagram_variant_is_lossless_and_exact(monkeypatch) -> None:
    diagram = Image.new("RGB", (200, 100), "white")
    for x in range(20, 180, 40):  # boxes of three flat colours: a diagram's palette
        diagram.paste((30, 90, 200) if x % 80 else (200, 40, 40), (x, 30, x + 30, 70))
    data = _png_bytes(diagram)
    attempts = _lossless_attempts(monkeypatch)
    encoded = images.encode_variant(data, 200)
    assert attempts == [False, True]
    with Image.open(io.BytesIO(encoded)) as variant:
        assert variant.convert("RGB").tobytes() == diagram.tobytes()


def test_a_resized_variant_is_not_also_encoded_lossless(monkeypatch) -> None:
    """Resized, a flat diagram's edges are smoothed into many colours: lossless was the
    smaller on none of 70 resized variants of real plots and diagrams, and trying it was
    over half of their encoding time. Only the variant of the image's own width tries it."""
    diagram = Image.new("RGB", (200, 100), "white")
    diagram.paste((30, 90, 200), (20, 30, 60, 70))
    data = _png_bytes(diagram)
    attempts = _lossless_attempts(monkeypatch)
    with Image.open(io.BytesIO(images.encode_variant(data, 100))) as variant:
        assert variant.size == (100, 50)
    assert attempts == [False]


def test_a_many_coloured_png_is_not_also_encoded_lossless(monkeypatch) -> None:
    """A screenshot or plot of thousands of colours: lossless was never the smaller on
    real blogs' images, and trying it made variants ~6 times slower (82% of a cold build of
    a screenshot-heavy blog)."""
    import random

    noise = random.Random(7)
    photo = Image.new("RGB", (120, 80))
    photo.putdata([(noise.randrange(256), noise.randrange(256), noise.randrange(256))
                   for _ in range(120 * 80)])
    data = _png_bytes(photo)
    attempts = _lossless_attempts(monkeypatch)
    with Image.open(io.BytesIO(images.encode_variant(data, 120))) as variant:
        assert variant.size == (120, 80)
    assert attempts == [False]


def test_cached_variants_are_named_by_the_rule_that_chose_them(tmp_path) -> None:
    """A variant cached under an earlier rule (lossless tried for every PNG, or for every
    width of a few-coloured one) is not taken,
    so a build with an old `.lanting/` writes what a clean build writes."""
    cache = images.VariantCache(tmp_path)
    data = png(40, 20)
    cache.get(data, 40)
    (name,) = (p.name for p in tmp_path.iterdir())
    assert f"-{images.VARIANT_POLICY}-" in name


def test_a_git_lfs_pointer_is_named_as_one(make_site, build_site, post) -> None:
    """A repository cloned without git-lfs has a small text file for each image: the
    warning said "damaged … save it again"; it says what the file is and how to get the
    images."""
    pointer = (b"version https://git-lfs.github.com/spec/v1\n"
               b"oid sha256:" + b"ab" * 32 + b"\nsize 78344\n")
    site = make_site({
        "content/posts/p/index.md": post("P", body="![x](a.png)\n"),
        "content/posts/p/a.png": pointer,
        "static/img/logo.png": pointer,
    })
    warnings = [w for w in build_site(site).warnings if w.path is not None]
    assert sorted(w.path.name for w in warnings if "Git LFS pointer" in w.message) == [
        "a.png", "logo.png"]
    assert all("git lfs pull" in (w.hint or "") for w in warnings)


def _with_bad_ztxt(data: bytes) -> bytes:
    """`data` (a PNG) with a `zTXt` chunk after its header whose checksum is wrong, as a
    draw.io export edited after the fact has."""
    import struct
    import zlib

    body = b"mxGraphModel\x00\x00" + zlib.compress(b"<mxfile/>")
    chunk = struct.pack(">I", len(body)) + b"zTXt" + body + struct.pack(
        ">I", (zlib.crc32(b"zTXt" + body) + 1) & 0xFFFFFFFF)
    header_end = 8 + 12 + 13  # signature, then IHDR (13 bytes of data)
    return data[:header_end] + chunk + data[header_end:]


def test_a_png_with_a_bad_ancillary_chunk_is_read_as_browsers_read_it(
        make_site, build_site, post) -> None:
    """A PNG whose `zTXt` (draw.io's copy of the diagram) fails its checksum: browsers
    skip that chunk and show the image, Pillow refused the file, so the build warned it
    was damaged and gave it no size and no variants (a real Hexo blog's figure)."""
    site = make_site({
        "content/posts/p/index.md": post("P", body="![fig](fig.png)\n"),
        "content/posts/p/fig.png": _with_bad_ztxt(png(900, 300)),
    })
    result = build_site(site)
    assert not [w for w in result.warnings if "fig.png" in str(w)]
    picture = read(result.output, "posts/p/index.html").one("picture")
    img = picture.one("img")
    assert (img["src"], img["width"], img["height"]) == ("/posts/p/fig.png", "900", "300")
    assert "fig-480w.webp" in picture.one("source")["srcset"]
    # published as written: the browser reads the original
    assert (result.output / "posts/p/fig.png").read_bytes() == _with_bad_ztxt(png(900, 300))


def test_a_turned_photo_s_variant_is_upright_and_sharp_at_its_width() -> None:
    """A camera's JPEG is decoded at a fraction of its size when that is enough (libjpeg's
    draft mode): the fraction is chosen for the width asked whichever way EXIF turns the
    photo, so a portrait photo stored on its side is neither cut nor blurred."""
    photo = Image.new("RGB", (1600, 1200), "white")  # stored landscape, the top at the left
    photo.paste((200, 30, 30), (0, 0, 400, 1200))  # (a red band: the photo's top)
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to view"
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=95, exif=exif)
    with Image.open(io.BytesIO(images.encode_variant(out.getvalue(), 480))) as variant:
        assert variant.size == (480, 640)
        red, green, _blue = variant.convert("RGB").getpixel((240, 20))[:3]
        assert red > 150 and green < 100  # (the top is at the top)


def _turned_photo() -> bytes:
    photo = Image.new("RGB", (1700, 1100), "white")
    photo.paste((200, 30, 30), (0, 0, 500, 1100))
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=90, exif=exif)
    return out.getvalue()


@pytest.mark.parametrize("data", [png(1700, 900), _turned_photo()], ids=["png", "jpeg"])
def test_a_variant_s_bytes_do_not_depend_on_the_widths_made_before_it(data) -> None:
    """An image is decoded once for its variants (a worker takes them one after another),
    so each width's bytes must be what that width alone would give: a JPEG is decoded at
    a scale chosen by the width, and the other images of the site come in between."""
    widths = images.variant_widths(1100 if data[:2] == b"\xff\xd8" else 1700)
    alone = {}
    for width in widths:
        images.encode_variant(png(30, 20), 30)  # another image in between
        alone[width] = images.encode_variant(data, width)
    assert {w: images.encode_variant(data, w) for w in reversed(widths)} == alone
    assert {w: images.encode_variant(data, w) for w in widths} == alone


def test_an_image_is_decoded_once_for_its_variants(monkeypatch) -> None:
    """Decoding a PNG was a third of the cost of its variants, and a diagram with four
    widths was decoded four times."""
    from PIL import ImageOps

    decoded = []
    transpose = ImageOps.exif_transpose

    def counting(image, **kwargs):
        decoded.append(image.size)
        return transpose(image, **kwargs)

    monkeypatch.setattr(ImageOps, "exif_transpose", counting)
    data = png(1700, 900)
    images.encode_variant(png(30, 20), 30)
    for width in images.variant_widths(1700):
        images.encode_variant(data, width)
    assert decoded == [(30, 20), (1700, 900)]


def test_an_image_is_not_held_after_its_widest_variant() -> None:
    """`lanting serve` lives long: the decoded image is let go once its last variant (the
    widest, made last) is encoded."""
    for width in images.variant_widths(1000):
        images.encode_variant(png(1000, 500), width)
    assert images._last_decoded == []


def test_an_image_too_tall_for_webp_keeps_only_the_variants_webp_can_hold(
        make_site, build_site, post) -> None:
    """A notebook's plot of many panels stacked (862 by 23,149 pixels) failed the build:
    libwebp encodes no side over 16,383 pixels. Its narrow variants fit; the others are
    not offered, and an image with none is served as it is."""
    assert variant_widths(862, 23149) == (480,)
    assert variant_widths(100, 20000) == ()
    site = make_site({
        "content/posts/p/index.md": post("P", body="![plot](tall.png)\n"),
        "content/posts/p/tall.png": png(100, 20000),
    })
    out = build_site(site).output
    doc = read(out, "posts/p/index.html")
    assert doc.one("img", src="/posts/p/tall.png") and doc.find("picture") is None
    assert not list((out / "posts/p").glob("*.webp"))
