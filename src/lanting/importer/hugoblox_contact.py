"""Hugo Blox's (and Academic's) `contact` block: its own text, then what the block's
`content` (Hugo Blox 5's research group starter) or else the site's `params` say of how
to reach the owner or the group — the email, the phone, the postal
address, the directions to the office, the office hours, a booking link and the
`contact_links` — which the theme's block laid out. As a section of the page that held
the block (the home page, or a `widget_page` of its own, `/contact/`, which was left out
as "a page with no text", its menu entry leading nowhere)."""

from __future__ import annotations

from typing import Any

_LABELS = {"phone": ("Phone", "电话"), "address": ("Address", "地址"),
           "directions": ("Directions", "位置"), "office_hours": ("Office hours", "办公时间"),
           "appointment": ("Book an appointment", "预约")}


def contact_text(own: str, params: dict[str, Any], chinese: bool) -> str:
    """The block's Markdown: `own`, its text, then a list of the ways of contact the
    params give ("" when neither has anything)."""
    label = {key: names[1 if chinese else 0] for key, names in _LABELS.items()}
    lines = []
    email = _text(params.get("email"))
    if email:
        lines.append(f"- <{email}>" if "@" in email else f"- {email}")
    if phone := _text(params.get("phone")):
        lines.append(f"- {label['phone']}: {phone}")
    if address := _address(params.get("address")):
        lines.append(f"- {label['address']}: {address}")
    if directions := _text(params.get("directions")):
        lines.append(f"- {label['directions']}: {directions}")
    hours = params.get("office_hours")
    hours = [hours] if isinstance(hours, str) else hours if isinstance(hours, list) else []
    if shown := "; ".join(t for t in map(_text, hours) if t):
        lines.append(f"- {label['office_hours']}: {shown}")
    if booking := _text(params.get("appointment_url")):
        lines.append(f"- [{label['appointment']}]({booking})")
    for link in params.get("contact_links") or []:
        if isinstance(link, dict) and _text(link.get("link")):
            name = _text(link.get("name")) or _text(link.get("icon")) or _text(link["link"])
            lines.append(f"- [{name}]({_text(link['link'])})")
    return "\n\n".join(part for part in (own.strip(), "\n".join(lines)) if part)


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if isinstance(value, str | int | float) else ""


def _address(value: Any) -> str:
    """`{street, city, region, postcode, country}` on one line (a string as it is)."""
    if not isinstance(value, dict):
        return _text(value)
    region = " ".join(p for p in (_text(value.get("region")), _text(value.get("postcode")))
                      if p)
    return ", ".join(p for p in (_text(value.get("street")), _text(value.get("city")), region,
                                 _text(value.get("country"))) if p)
