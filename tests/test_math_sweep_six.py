"""Faults a sixth formula sweep of math-heavy blogs (kramdown sites on MathJax 2,
algorithm2e pseudocode with its own keywords, Astro sites with Typst posts) found:
small sites and pages written here."""

from __future__ import annotations

from htmltree import parse_html
from test_math_syntax import render

OWN_KEYWORDS = r"""\begin{algorithm}[H]
\SetKwFor{Sweep}{sweep over}{do}{end sweep}
\SetKwIF{Wenn}{SonstWenn}{Sonst}{wenn}{dann}{sonst wenn}{sonst}{ende}
\SetKwBlock{Setup}{setup}{ready}
\SetKwRepeat{Loop}{loop}{until}
\KwIn{grid $h$}
\Setup{
  $r \gets 0$\;
}
\Sweep{$j = 1, \dots, n$}{
  \eWenn{$e_j > h$}{ refine\; }{ keep\; }
  \uWenn{$j = n$}{ halt\; }
  \lSweep{$k$}{ mark $k$\; }
}
\Loop{$r > 2$}{ $r \gets r + 1$\; }
\caption{Refinement}
\end{algorithm}
"""


def test_algorithm2e_blocks_an_algorithm_defines_are_drawn() -> None:
    """`\\SetKwFor`, `\\SetKwIF`, `\\SetKwBlock`, `\\SetKwRepeat` (a post's own loop, or
    algorithm2e's keywords in the post's language): each was an unknown command, shown
    as written with its braces, and every block using it too. They are blocks drawn as
    algorithm2e draws its own `\\For` and `\\If`, in their `u`, `l` and `e` forms."""
    rendered = render(OWN_KEYWORDS)
    assert rendered.problems == ()
    figure = parse_html(rendered.html).one("figure", class_="algorithm")
    lines = [" ".join(item.text().split()) for item in figure.find_all("li")]
    depths = [int((item.get("style") or "")[-1]) for item in figure.find_all("li")]
    assert lines == ["Input: grid h", "setup", "r←0", "ready", "sweep over j=1,…,n do",
                     "wenn ej>h dann", "refine", "sonst", "keep", "ende",
                     "wenn j=n dann", "halt", "sweep over k do mark k", "end sweep",
                     "loop", "r←r+1", "until r>2"]
    assert depths == [0, 0, 1, 0, 0, 1, 2, 1, 2, 1, 1, 2, 1, 0, 0, 1, 0]
