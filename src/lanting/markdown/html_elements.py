"""The names of the elements a browser knows: HTML's (the living standard's and the
obsolete ones old posts still use, `<center>`, `<font>`), SVG's and MathML's, in lower
case. A tag of another name (`<string>`, `<branch>`, a placeholder written in prose) is
an element the browser does not know: it shows nothing of the tag."""

from __future__ import annotations

HTML = frozenset("""
a abbr address area article aside audio b base bdi bdo blockquote body br button canvas
caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed
fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i
iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript
object ol optgroup option output p param picture pre progress q rp rt ruby s samp script
search section select slot small source span strong style sub summary sup table tbody td
template textarea tfoot th thead time title tr track u ul var video wbr
acronym applet basefont bgsound big blink center dir font frame frameset image isindex
keygen listing marquee menuitem multicol nextid nobr noembed noframes plaintext rb rtc
spacer strike tt xmp
""".split())

SVG = frozenset("""
svg g defs desc symbol use path rect circle ellipse line polyline polygon text tspan
textpath marker mask pattern clippath lineargradient radialgradient stop filter
foreignobject animate animatemotion animatetransform mpath set switch view metadata
feblend fecolormatrix fecomponenttransfer fecomposite feconvolvematrix fediffuselighting
fedisplacementmap fedistantlight fedropshadow feflood fefunca fefuncb fefuncg fefuncr
fegaussianblur feimage femerge femergenode femorphology feoffset fepointlight
fespecularlighting fespotlight fetile feturbulence
""".split())

MATHML = frozenset("""
math mi mn mo ms mspace mtext mrow mfrac msqrt mroot mstyle merror mpadded mphantom
menclose msub msup msubsup munder mover munderover mmultiscripts mprescripts none mtable
mtr mtd mlabeledtr maligngroup malignmark mfenced maction semantics annotation
""".split())

KNOWN = HTML | SVG | MATHML
