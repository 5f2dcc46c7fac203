"""Page weight: a long post with 10 formulas and 5 code blocks costs at most 60 KB of HTML,
CSS and JavaScript over the wire (gzip, each file compressed alone as a server sends it;
fonts excluded), and needs no script to be read."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from htmltree import parse_html

EXAMPLE = Path(__file__).parents[1] / "example"
BUDGET = 60 * 1024

FORMULAS = [
    r"L^{\text{CLIP}}(\theta) = \mathbb{E}_t\left[\min\left(r_t(\theta)\hat{A}_t,"
    r" \operatorname{clip}(r_t(\theta), 1-\epsilon, 1+\epsilon)\hat{A}_t\right)\right]",
    r"\nabla_\theta J(\theta) = \mathbb{E}_{\tau \sim \pi_\theta}\left[\sum_{t=0}^{T}"
    r" \nabla_\theta \log \pi_\theta(a_t \mid s_t) R(\tau)\right]",
    r"\hat{A}_t = \sum_{l=0}^{\infty} (\gamma\lambda)^l \delta_{t+l}, \quad"
    r" \delta_t = r_t + \gamma V(s_{t+1}) - V(s_t)",
    r"M = \frac{(2 + 2 + 12)\,\Psi}{N_{\text{shard}}}",
    r"\operatorname{softmax}(x)_i = \frac{e^{x_i}}{\sum_j e^{x_j}}",
    r"\begin{bmatrix} Y_1 & Y_2 \end{bmatrix} = X \begin{bmatrix} A_1 & A_2 \end{bmatrix}",
    r"D_{\mathrm{KL}}(p \,\|\, q) = \sum_x p(x) \log \frac{p(x)}{q(x)}",
    r"f(x) = \begin{cases} x & x > 0 \\ \alpha (e^x - 1) & \text{otherwise} \end{cases}",
    r"\text{bubble} = \frac{p - 1}{m + p - 1}",
    r"\mathcal{L}_{\text{FM}} = \mathbb{E}_{t, x_0, x_1}\left\lVert v_\theta(x_t, t)"
    r" - (x_1 - x_0)\right\rVert^2",
]

CODE = '''```python
def compute_advantage(rewards, values, gamma=1.0, lam=0.95):
    """Generalised advantage estimation over one trajectory."""
    advantages, last = [], 0.0
    for t in reversed(range(len(rewards))):
        next_value = values[t + 1] if t + 1 < len(values) else 0.0
        delta = rewards[t] + gamma * next_value - values[t]
        last = delta + gamma * lam * last
        advantages.append(last)
    advantages.reverse()
    returns = [a + v for a, v in zip(advantages, values)]
    return advantages, returns


class Trainer{n}:
    def __init__(self, actor, critic, optimizer, clip=0.2):
        self.actor, self.critic = actor, critic
        self.optimizer, self.clip = optimizer, clip

    def step(self, batch):
        ratio = (batch.logp_new - batch.logp_old).exp()
        loss = -torch.min(ratio * batch.adv,
                          ratio.clamp(1 - self.clip, 1 + self.clip) * batch.adv).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()
```
'''


def _prose() -> list[str]:
    """Real paragraphs of the example blog (Chinese with English terms), no math or code."""
    paragraphs = []
    for name in ("distributed-training-intro.md", "llm-framework-map-2026.md",
                 "nvlink-roce-nccl.md"):
        body = (EXAMPLE / "content/posts" / name).read_text().split("\n---\n", 1)[1]
        body = re.sub(r"^```.*?^```", "", body, flags=re.S | re.M)
        for block in body.split("\n\n"):
            block = block.strip()
            if block and not re.match(r"^[|$`#>!<-]|^\d+\.", block) and "$" not in block \
                    and "](" not in block:
                paragraphs.append(block)
    return paragraphs


def heavy_post() -> str:
    paragraphs = _prose()
    parts = ["---\ntitle: 一篇有 10 个公式和 5 段代码的长文\ndate: 2026-05-01\n"
             "tags: [强化学习, 训练]\n---\n"]
    for i in range(10):
        parts.append(f"## 第 {i + 1} 节\n\n{paragraphs[2 * i]}\n\n{paragraphs[2 * i + 1]}\n")
        parts.append(f"$$\n{FORMULAS[i]}\n$$\n")
        if i % 2 == 1:
            parts.append(CODE.replace("{n}", str(i)))
    return "\n".join(parts)


def test_a_post_with_10_formulas_and_5_code_blocks_weighs_at_most_60_kb(
        make_site, build_site) -> None:
    site = make_site({"lanting.toml": 'title = "研究与笔记"\nauthor = "林知远"\n'
                                      'base_url = "https://example.org/"\n'
                                      '[[menu]]\nname = "博客"\nurl = "/blog/"\n',
                      "content/posts/heavy.md": heavy_post()})
    out = build_site(site).output
    html = (out / "posts/heavy/index.html").read_bytes()
    doc = parse_html(html.decode())
    assert len(doc.find_all(class_="math-display")) == 10
    assert len(doc.one(class_="prose").find_all("pre")) == 5  # besides "cite this post"
    assert len(doc.one(class_="prose").text()) > 5000, "a long post, not a stub"
    linked = [link["href"] for link in doc.find_all("link") if link.get("rel") == "stylesheet"]
    linked += [script["src"] for script in doc.find_all("script") if script.get("src")]
    sizes = {"page": len(gzip.compress(html, 9))}
    for url in linked:
        path = out / url.split("?", 1)[0].lstrip("/")
        sizes[path.name] = len(gzip.compress(path.read_bytes(), 9))
    total = sum(sizes.values())
    assert {"style.css", "highlight.css", "reader.js", "copy.js"} <= sizes.keys()
    assert total <= BUDGET, f"{total / 1024:.1f} KB compressed: {sizes}"
    print(f"page weight: {total / 1024:.1f} KB compressed {sizes}")


def test_the_heavy_post_needs_no_script_to_be_read(make_site, build_site) -> None:
    site = make_site({"content/posts/heavy.md": heavy_post()})
    doc = parse_html((build_site(site).output / "posts/heavy/index.html").read_text())
    for script in doc.find_all("script"):
        inline = not script.get("src")
        assert inline or "defer" in script.attrs or "async" in script.attrs, script.attrs
        if inline:  # only the theme choice and JSON-LD: neither shows or hides content
            assert script.get("type") == "application/ld+json" or \
                "lanting-theme" in script.raw_text()
    assert doc.one(class_="prose").find("math") is not None  # MathML, not a script's output
