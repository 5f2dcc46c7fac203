// Site search: a dialog opened by "/" or Ctrl-K (⌘K) on every page, and the search page.
//
// The index (search-index/, written at build time) and the script that reads it
// (search-index.js) are fetched only when search is first used; pages read the same
// without any of this. Everything that comes out of the index is inserted as text
// (textContent, and <mark> elements built here), never as HTML: a post titled
// `<img src=x onerror=alert(1)>` shows exactly that and runs nothing.
(() => {
  "use strict";
  const trigger = document.querySelector("[data-search]");
  if (!trigger) return;
  const cfg = JSON.parse(trigger.dataset.search);
  const S = cfg.strings;
  const WINDOW = 12;
  const DEBOUNCE = 120;
  const KINDS = ["post", "page", "talk", "publication"];
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

  let library = null;
  function searchIndex() {
    library ??= import(cfg.engine).then((engine) => engine.SearchIndex.open(cfg.root));
    return library;
  }

  let styles = null;
  function loadStyles() {
    const present = [...document.querySelectorAll("link[rel=stylesheet]")]
      .some((link) => link.getAttribute("href") === cfg.css);
    styles ??= present ? Promise.resolve() : new Promise((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: cfg.css });
      link.onload = link.onerror = resolve;
      document.head.append(link);
    });
    return styles;
  }

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    node.append(...children.filter((c) => c !== null));
    return node;
  }

  // A passage of the page text around the first match of the query, with the query's
  // words marked; without a match in the text, its beginning. The text has one block
  // (paragraph, heading, list item) per line: shown apart by a middle dot.
  function excerpt(item, terms) {
    const content = (item.content || "").replace(/\s*\n\s*/g, " · ");
    const start = 0;
    const lower = content.toLowerCase();
    let at = -1;
    for (const term of terms) {
      const i = lower.indexOf(term, start);
      if (i !== -1 && (at === -1 || i < at)) at = i;
    }
    let from = at === -1 ? start : Math.max(start, at - 40);
    if (from > start) {  // begin at a word boundary when one is near
      const space = content.slice(from, from + 12).search(/[\s，。、；：]/);
      if (space !== -1) from += space + 1;
    }
    const to = Math.min(content.length, from + 160);
    const text = (from > start ? "…" : "") + content.slice(from, to).trim()
      + (to < content.length ? "…" : "");
    return highlighted(text, terms);
  }

  // Text nodes, with each occurrence of a query word in a <mark> of ours.
  function highlighted(text, terms) {
    const lower = text.toLowerCase();
    const ranges = [];
    for (const term of terms) {
      for (let i = lower.indexOf(term); i !== -1; i = lower.indexOf(term, i + term.length)) {
        ranges.push([i, i + term.length]);
      }
    }
    ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const nodes = [];
    let at = 0;
    for (const [start, end] of ranges) {
      if (start < at) continue;
      if (start > at) nodes.push(text.slice(at, start));
      nodes.push(el("mark", { text: text.slice(start, end) }));
      at = end;
    }
    if (at < text.length) nodes.push(text.slice(at));
    return nodes;
  }

  function formatDate(iso) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!m) return "";
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return cfg.lang.startsWith("zh") ? `${year}年${month}月${day}日`
      : `${MONTHS[month - 1]} ${day}, ${year}`;
  }

  // Lower case; whitespace dropped next to Chinese (the theme puts thin spaces
  // between Chinese and Latin text, and a reader types neither).
  const CJK = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
  function normal(text) {
    return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ")
      .replace(/ (?=[\u3000-\u9fff\uff00-\uffef])|(?<=[\u3000-\u9fff\uff00-\uffef]) /g, "");
  }

  // Does the text contain the query word? A Latin word may also match by a long prefix
  // ("pipelines" finds "pipeline"), never by a short one ("xyzzy" does not find "x").
  function contains(text, term) {
    if (text.includes(term)) return true;
    if (CJK.test(term)) return false;
    const shortest = Math.max(3, Math.ceil(term.length * 0.75));
    for (let end = term.length - 1; end >= shortest; end--) {
      if (text.includes(term.slice(0, end))) return true;
    }
    return false;
  }

  class SearchUI {
    constructor(host) {
      this.input = el("input", {
        class: "search-input", type: "search", placeholder: S.placeholder, "aria-label": S.search,
        autocomplete: "off", spellcheck: "false", enterkeyhint: "go",
      });
      this.kinds = el("div", { class: "search-kinds", role: "group", "aria-label": S.kind, hidden: true });
      this.tags = el("select", { class: "search-tag", "aria-label": S.tags, hidden: true });
      this.status = el("p", { class: "search-status", role: "status", "aria-live": "polite" });
      this.list = el("ol", { class: "search-results" });
      this.more = el("button", { type: "button", class: "search-more", hidden: true, text: S.more });
      this.filters = { kind: "", tag: "" };
      this.generation = 0;
      host.append(this.input, el("div", { class: "search-filters" }, this.kinds, this.tags),
        el("div", { class: "search-scroll" }, this.status, this.list, this.more));
      this.input.addEventListener("input", () => this.run());
      this.input.addEventListener("keydown", (event) => this.keys(event));
      this.list.addEventListener("keydown", (event) => this.keys(event));
      this.tags.addEventListener("change", () => { this.filters.tag = this.tags.value; this.run(); });
      this.more.addEventListener("click", () => this.showMore());
      this.ready = this.load();
    }

    async load() {
      const slow = setTimeout(() => this.setStatus(S.loading, "loading"), 300);
      try {
        const index = await searchIndex();
        this.buildFilters(index.filters());
        if (this.status.dataset.state === "loading") this.setStatus("", "idle");
        return true;
      } catch (error) {
        this.setStatus(S.error, "error");
        console.error(error);
        return false;
      } finally {
        clearTimeout(slow);
      }
    }

    setStatus(text, state) {
      this.status.textContent = text;
      this.status.dataset.state = state;
    }

    buildFilters(filters) {
      const kinds = KINDS.filter((kind) => filters.kind && filters.kind[kind]);
      if (kinds.length > 1) {
        for (const kind of ["", ...kinds]) {
          const button = el("button", {
            type: "button", class: "search-kind", "data-kind": kind,
            "aria-pressed": String(kind === this.filters.kind), text: kind ? S.kinds[kind] : S.all,
          });
          button.addEventListener("click", () => {
            this.filters.kind = kind;
            for (const b of this.kinds.children) b.setAttribute("aria-pressed", String(b === button));
            this.run();
          });
          this.kinds.append(button);
        }
        this.kinds.hidden = false;
      }
      const tags = Object.entries(filters.tag || {})
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      if (tags.length) {
        this.tags.append(el("option", { value: "", text: S.allTags }),
          ...tags.map(([tag, count]) => el("option", { value: tag, text: `#${tag} (${count})` })));
        this.tags.hidden = false;
      }
    }

    run() {
      const generation = ++this.generation;
      this.status.dataset.state = "searching";  // the text stays until the answer comes
      clearTimeout(this.pending);
      this.pending = setTimeout(() => this.search(generation), DEBOUNCE);
    }

    async search(generation) {
      if (!(await this.ready) || generation !== this.generation) return;
      const query = this.input.value.trim();
      const filters = {};
      if (this.filters.kind) filters.kind = this.filters.kind;
      if (this.filters.tag) filters.tag = this.filters.tag;
      if (!query && !Object.keys(filters).length) {
        this.list.replaceChildren();
        this.more.hidden = true;
        this.setStatus("", "idle");
        return;
      }
      const index = await searchIndex();
      // Without words, the index lists what the filters select, newest first.
      const search = await index.search(query, { filters });
      if (generation !== this.generation) return; // a newer keystroke won
      this.query = query;
      this.words = search.words.map(normal);
      this.phrases = search.phrases.map(normal);
      this.terms = [...this.phrases, ...this.words];
      this.candidates = search.results;
      this.checked = 0;
      this.found = 0;
      this.groups = new Map();
      this.list.replaceChildren();
      await this.showMore();
    }

    // The index finds pages having every term of the query; each window of candidates
    // is checked against the page text (every word must occur in it, a quoted phrase as
    // written) and ranked: words in the title first, then in a tag, then the index's
    // score.
    async showMore() {
      const generation = this.generation;
      const found = [];
      for (let windows = 0; windows < 4 && this.checked < this.candidates.length; windows++) {
        const batch = this.candidates.slice(this.checked, this.checked + WINDOW);
        const items = await Promise.all(batch.map(async (result) => {
          const item = await result.data();
          return { item, score: result.score, rank: this.rank(item) };
        }));
        if (generation !== this.generation) return;
        this.checked += batch.length;
        found.push(...items.filter((hit) => hit.rank >= 0));
        if (found.length) break;
      }
      found.sort((a, b) => b.rank - a.rank || b.score - a.score);
      for (const hit of found) this.add(hit.item);
      this.found = this.list.children.length;
      const more = this.checked < this.candidates.length;
      this.more.hidden = !more;
      if (!this.found && !more) {
        this.setStatus(S.noResults.replace("{q}", this.query || "…"), "empty");
      } else {
        const count = more ? `${this.found}+` : String(this.found);
        this.setStatus(count === "1" ? S.oneResult : S.results.replace("{n}", count), "results");
      }
    }

    // -1: the page does not contain the query. Otherwise 3 if the title has every query
    // word, 2 if the page's first tag does (the author's own word for what it is about),
    // 1 if another tag does, 0 if only the text.
    rank(item) {
      if (!this.terms.length) return 0;
      const title = normal((item.meta && item.meta.title) || "");
      const tags = ((item.filters && item.filters.tag) || []).map(normal);
      const text = `${title}\n${tags.join("\n")}\n${normal(item.content || "")}`;
      if (!this.phrases.every((phrase) => text.includes(phrase))) return -1;
      if (!this.words.every((term) => contains(text, term))) return -1;
      if (this.terms.every((term) => contains(title, term))) return 3;
      const tagged = tags.findIndex((tag) => this.terms.every((term) => contains(tag, term)));
      return tagged === 0 ? 2 : tagged > 0 ? 1 : 0;
    }

    // Versions of one text in several languages show once: in the reader's language if
    // it matched, at the place of the best-ranked version.
    add(item) {
      const node = this.render(item);
      const group = item.meta.group;
      const seen = group && this.groups.get(group);
      if (seen) {
        if (item.meta.lang === cfg.lang && seen.lang !== cfg.lang) {
          seen.node.replaceWith(node);
          this.groups.set(group, { node, lang: item.meta.lang });
        }
        return;
      }
      if (group) this.groups.set(group, { node, lang: item.meta.lang });
      this.list.append(node);
    }

    render(item) {
      const meta = item.meta || {};
      const details = [formatDate(meta.date), S.kinds[meta.kind]].filter(Boolean).join(" · ");
      const other = meta.lang && meta.lang !== cfg.lang;
      return el("li", { class: "search-result" }, el("a", { class: "search-hit", href: item.url },
        el("span", { class: "search-hit-title" }, ...highlighted(meta.title || item.url, this.terms)),
        el("span", { class: "search-hit-meta" }, details,
          other ? el("span", { class: "search-hit-lang", lang: meta.lang,
            text: (cfg.languages || {})[meta.lang] || meta.lang }) : null),
        el("span", { class: "search-hit-excerpt" }, ...excerpt(item, this.terms))));
    }

    keys(event) {
      const links = [...this.list.querySelectorAll("a.search-hit")];
      const at = links.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && links.length) {
        event.preventDefault();
        links[Math.min(at + 1, links.length - 1)].focus();
      } else if (event.key === "ArrowUp" && at >= 0) {
        event.preventDefault();
        (at === 0 ? this.input : links[at - 1]).focus();
      } else if (event.key === "Enter" && event.target === this.input && links.length) {
        event.preventDefault();
        links[0].click();
      }
    }
  }

  // The search page: the form (which says search needs JavaScript) becomes the full UI.
  const pageHost = document.querySelector("[data-search-page]");
  let pageUI = null;
  if (pageHost) {
    const query = new URLSearchParams(location.search).get("q") || "";
    pageHost.replaceChildren();
    pageUI = new SearchUI(pageHost);
    pageUI.input.value = query;
    pageUI.input.focus();
    if (query) pageUI.run();
    pageUI.input.addEventListener("input", () => {
      const url = new URL(location.href);
      if (pageUI.input.value) url.searchParams.set("q", pageUI.input.value);
      else url.searchParams.delete("q");
      history.replaceState(null, "", url);
    });
  }

  let dialog = null;
  let dialogUI = null;
  async function open() {
    if (pageUI) {
      pageUI.input.focus();
      pageUI.input.select();
      return;
    }
    if (dialog && dialog.open) return dialogUI.input.focus();
    await loadStyles();
    if (!dialog) {
      const body = el("div", { class: "search-dialog-body" });
      dialog = el("dialog", { class: "search-dialog", "aria-label": S.search },
        el("div", { class: "search-dialog-panel" },
          el("button", { type: "button", class: "search-close", text: S.close,
            onclick: () => dialog.close() }),
          body,
          el("p", { class: "search-dialog-hint", "aria-hidden": "true", text: S.hint })));
      // A click on the backdrop (outside the panel) closes the dialog.
      dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
      document.body.append(dialog);
      dialogUI = new SearchUI(body);
    }
    dialog.showModal();
    dialogUI.input.focus();
    dialogUI.input.select();
  }

  trigger.addEventListener("pointerenter", () => { searchIndex().catch(() => {}); }, { once: true });
  trigger.addEventListener("click", (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open();
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) {
      event.preventDefault();
      open();
    } else if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });
})();
