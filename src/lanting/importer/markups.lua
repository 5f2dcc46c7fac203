-- Run by Pandoc on a page written in Org, AsciiDoc or reStructuredText before it is
-- written as Lanting Markdown (importer/markups.py).

local function local_target(target)
  -- Org's `[[file:/images/a.png]]` reads as `file:///images/a.png`: the site's path
  return (target:gsub("^file://", ""))
end

function Link(el)
  el.target = local_target(el.target)
  -- `[[file:other.org]]`, another page: a path (Hugo's go-org linked it to the page),
  -- never a domain
  if el.target:match("^[^/.:#?][^:#?]*%.org$") or el.target:match("^[^/.:#?][^:#?]*%.org#") then
    el.target = "./" .. el.target
  end
  return el
end

function Image(el)
  el.src = local_target(el.src)
  return el
end

function CodeBlock(el)
  -- Pandoc names `emacs-lisp` and `lisp` blocks `commonlisp`, its highlighter's name,
  -- which Pygments lacks: the language as Org wrote it, which Pygments has
  local written = el.attributes["org-language"]
  if el.classes[1] == "commonlisp" and written then el.classes[1] = written end
  -- a source block's header arguments (`:results output`) ran code in Emacs
  el.attributes = {}
  return el
end

local IMAGES = {png = true, jpg = true, jpeg = true, gif = true, svg = true, webp = true}

function Span(el)
  -- an Org heading's tags (`* Title :ml:`) belong to the outline, not the text
  if el.classes:includes("tag") then return {} end
  -- a link Pandoc could not resolve (`[[*方法][方法一节]]` to a heading by its text):
  -- a link to that text, which the importer leads to the heading's id
  if el.classes:includes("spurious-link") and el.attributes.target then
    local content = el.content
    if #content == 1 and content[1].t == "Emph" then content = content[1].content end
    local written = el.attributes.target
    -- `[[~/org/img/a.png]]`, a file of the writer's home folder, which Org links (and,
    -- an image without a description, shows): kept as that path, for the importer
    if written:match("^~/") then
      if pandoc.utils.stringify(content) == written
          and written:lower():match("%.[a-z]+$")
          and IMAGES[written:lower():match("%.([a-z]+)$")] then
        return pandoc.Image({}, written)
      end
      return pandoc.Link(content, written)
    end
    local target = written:gsub("^%*", "")
    return pandoc.Link(content, "#" .. target)
  end
  -- a TODO keyword stays as its word
  if el.classes:includes("todo") or el.classes:includes("done") then return el.content end
end

function Header(el)
  while #el.content > 0 and el.content[#el.content].t == "Space" do
    el.content:remove(#el.content)
  end
  return el
end

local function tex(text, block)
  -- a LaTeX environment (`\begin{equation}`) or command written in the text is math
  if block or text:match("^\\begin{") then return pandoc.Math("DisplayMath", text) end
  return pandoc.Math("InlineMath", text)
end

-- LaTeX's commands of the printed page (`\pagebreak`, `\vspace{1em}`): nothing on a web
-- page, where Org's HTML export left them as text; as math they were errors
local LAYOUT = {"pagebreak", "newpage", "clearpage", "cleardoublepage", "noindent",
                "bigskip", "medskip", "smallskip", "vfill", "hfill", "null", "linebreak",
                "nopagebreak", "vspace%*?%b{}", "hspace%*?%b{}"}

local function layout_only(text)
  local rest = text
  repeat
    local before = rest
    rest = rest:gsub("^%s+", "")
    for _, name in ipairs(LAYOUT) do
      local ends = name:match("%a$") and "%f[^%a]" or ""  -- (`\null`, not `\nullity`)
      rest = rest:gsub("^\\" .. name .. ends, "", 1)
    end
  until rest == before
  return rest == ""
end

function Math(el)
  -- `$\pagebreak$`, written as a formula for a LaTeX export to read
  if layout_only(el.text) then return {} end
end

function RawBlock(el)
  if el.format == "latex" or el.format == "tex" then
    if layout_only(el.text) then return {} end
    return pandoc.Para({tex(el.text, true)})
  end
  -- an export keyword Pandoc does not know (`#+draft: t`): read as front matter
  if el.format == "org" then return {} end
end

-- A command alone, without argument (`'\n'` in prose, `\t`, `\vec p`): Org's HTML
-- export showed it as written (MathJax draws delimited math and environments only);
-- as a formula it failed the build. `\LaTeX` and `\TeX`, Org's entities, are their names.
local function bare_command(text)
  -- (`\t"` too: Pandoc reads the character after `\t`, LaTeX's tie accent, as its argument)
  return text:match("^\\%a+[^{}$^_\\]*$") ~= nil
end

function RawInline(el)
  if el.format == "latex" or el.format == "tex" then
    if layout_only(el.text) then return {} end
    if el.text == "\\LaTeX" or el.text == "\\TeX" then return pandoc.Str(el.text:sub(2)) end
    if bare_command(el.text) then return pandoc.Str(el.text) end
    return tex(el.text, false)
  end
  if el.format == "org" then return {} end
end

function Figure(el)
  -- a captioned image (`#+caption:` over `[[file:x.png]]`): an image alone in its
  -- paragraph with its caption as title, Lanting's figure; its `#+name:` its label
  local image = nil
  el:walk({Image = function(found) image = image or found end})
  if image == nil then return nil end
  local caption = pandoc.utils.stringify(el.caption.long)
  if caption ~= "" then
    image.title = caption
    if #image.caption == 0 then image.caption = pandoc.Inlines(caption) end
  end
  if el.identifier ~= "" then image.identifier = el.identifier end
  return pandoc.Para({image})
end

local ADMONITIONS = {note = true, tip = true, warning = true, caution = true,
                     important = true, danger = true}

-- Org's special blocks of mathematics (`#+begin_theorem Title`, `#+begin_proof`, and
-- the short names notes give them, `#+begin_thm`): sphinx-proof's directives, which
-- Lanting draws as numbered callouts; Org's HTML export left a bare `<div>`
local THEOREMS = {theorem = "theorem", thm = "theorem", lemma = "lemma", lem = "lemma",
                  corollary = "corollary", cor = "corollary", proposition = "proposition",
                  prop = "proposition", conjecture = "conjecture", conj = "conjecture",
                  definition = "definition", defn = "definition", def = "definition",
                  example = "example", exm = "example", remark = "remark", rem = "remark",
                  axiom = "axiom", notation = "notation", assumption = "assumption",
                  property = "property", criterion = "criterion",
                  observation = "observation", exercise = "exercise", proof = "proof"}

local function theorem(el)
  local kind = #el.classes == 1 and THEOREMS[el.classes[1]:lower()]
  if not kind then return nil end
  local name = kind == "exercise" and "exercise" or "prf:" .. kind  -- (sphinx-exercise's)
  local title = el.attributes.parameters or ""
  -- (four colons: a fenced div Pandoc writes inside, `:::`, does not close it)
  local blocks = {pandoc.RawBlock("markdown", ("::::{" .. name .. "} " .. title):gsub("%s+$", ""))}
  for _, block in ipairs(el.content) do table.insert(blocks, block) end
  table.insert(blocks, pandoc.RawBlock("markdown", "::::"))
  return blocks
end

function Div(el)
  -- an Org drawer (`:REFERENCES:` … `:END:`): its text, as Org's HTML export shows it
  if el.classes:includes("drawer") then return el.content end
  local proved = theorem(el)
  if proved then return proved end
  -- `#+begin_note`: Pandoc gives the callout a title div ("Note"), which Lanting's
  -- callout draws itself, in the site's language
  local first = el.content[1]
  if #el.classes == 1 and ADMONITIONS[el.classes[1]] and first and first.t == "Div"
      and first.classes:includes("title") then
    el.content:remove(1)
    return el
  end
end

local SCHEMES = {http = true, https = true, mailto = true, ftp = true, file = true,
                 id = true, doi = true, news = true, shell = true, elisp = true,
                 info = true, help = true, attachment = true, zotero = true}

function Pandoc(doc)
  -- the names elements carry (`#+NAME: fig:one` over an image: its figure's id)
  local ids, figures = {}, {}
  local function figure(el)  -- (`Figure` made it an image alone in its paragraph)
    if #el.content == 1 and el.content[1].t == "Image" then
      figures[el.content[1].identifier] = true
    end
  end
  doc:walk({Para = figure, Image = function(el) ids[el.identifier] = true end,
            Div = function(el) ids[el.identifier] = true end})
  for id in pairs(figures) do ids[id] = true end
  ids[""] = nil
  -- `[[fig:one]]`, a link to such a name: Pandoc read `fig:` as a link's type, and the
  -- link, to `fig:one`, led nowhere (no check sees a link of an unknown scheme). Without
  -- a description, a figure's is its number, as Org's export wrote it: Lanting's
  -- `@fig:one`, "Figure 1"
  doc = doc:walk({Link = function(el)
    local scheme = el.target:match("^([%w+.-]+):")
    if scheme and not SCHEMES[scheme:lower()] and ids[el.target] then
      if figures[el.target] and el.target:match("^fig[:-]")
          and pandoc.utils.stringify(el.content) == el.target then
        return pandoc.RawInline("markdown", "@" .. el.target)
      end
      el.target = "#" .. el.target
      return el
    end
  end})
  -- Org's footnote section (`* Footnotes`, `org-footnote-section`) holds the notes
  -- alone: Org's export shows no heading of it; left, it was an empty heading above
  -- the page's own footnotes
  local blocks = doc.blocks
  for i = #blocks, 1, -1 do
    local el = blocks[i]
    if el.t == "Header" and pandoc.utils.stringify(el.content) == "Footnotes" then
      local next = blocks[i + 1]
      if next == nil or (next.t == "Header" and next.level <= el.level) then
        blocks:remove(i)
      end
    end
  end
  return doc
end
