// Lanting's search index, read in the browser (written by lanting/output/search.py; layout in search_files.py).
//
// A query is cut into terms by the rules the index was made with (render/search_record.py):
// NFKC, lower case; a word of letters or digits is a term (and, unless quoted, also
// matches the words it begins: "pipel" finds "pipeline"); a run of CJK characters gives
// its pairs of neighbours (one character alone matches every term it begins). A page
// matches when it has every term; pages are ranked with BM25. Quoted phrases ("ring
// attention") are kept so that the caller can check them against the page's text.
const BUCKETS = 256;
const CJK = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
  + "\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}";
// A word: letters and digits of any script but the CJK ones, which are cut apart.
const TERMS = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+)`, "gu");
const IS_CJK = new RegExp(`^[${CJK}]`, "u");
const K1 = 1.2;
const B = 0.75;
const PREFIX_WEIGHT = 0.5;  // a word found only as the start of a longer one counts less

export function normalize(text) {
  return text.normalize("NFKC").toLowerCase();
}

// The terms a query asks for, each as [term, prefix?]: every one must be on the page.
export function queryTerms(text, prefix = true) {
  const out = [];
  for (const [, cjk, word] of normalize(text).matchAll(TERMS)) {
    if (cjk) {
      const chars = [...cjk];
      if (chars.length === 1) out.push([chars[0], true]);
      for (let i = 0; i + 1 < chars.length; i++) out.push([chars[i] + chars[i + 1], false]);
    } else {
      out.push([word, prefix && [...word].length >= 2]);
    }
  }
  return out;
}

// Phrases in quotes ("…" or “…”) and the words outside them.
export function parseQuery(query) {
  const phrases = [];
  const rest = query.replace(/["“”]([^"“”]+)["“”]?/g, (_, phrase) => {
    if (phrase.trim()) phrases.push(phrase.trim());
    return " ";
  });
  const words = rest.split(/\s+/).filter(Boolean);
  return { phrases, words };
}

function bucketKey(term) {
  const chars = [...term];
  return IS_CJK.test(term) ? chars[0] : chars.slice(0, 2).join("");
}

export function bucket(term) {
  let h = 0x811c9dc5;
  for (const char of bucketKey(term)) h = Math.imul(h ^ char.codePointAt(0), 0x01000193) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return (h >>> 0) % BUCKETS;
}

export class SearchIndex {
  constructor(root, meta) {
    this.root = root;
    this.base = root + "search-index/";
    this.meta = meta;
    this.files = new Map();  // path -> Promise of a term map
    this.docs = new Map();   // shard -> Promise of its rows
  }

  static async open(root) {
    const response = await fetch(root + "search-index/meta.json");
    if (!response.ok) throw new Error(`search index: ${response.status}`);
    const meta = await response.json();
    if (meta.format !== 1) throw new Error(`search index: unknown format ${meta.format}`);
    return new SearchIndex(root, meta);
  }

  filters() {
    return { kind: this.meta.kinds, tag: this.meta.tags };
  }

  async json(path) {
    const response = await fetch(this.base + path);
    if (!response.ok) throw new Error(`search index: ${path}: ${response.status}`);
    return response.json();
  }

  shardDocs(shard) {
    if (!this.docs.has(shard)) this.docs.set(shard, this.json(`${shard}/docs.json`).then((d) => d.docs));
    return this.docs.get(shard);
  }

  // Term -> [page, count, page, count, …] of one term file.
  termFile(shard, file) {
    const path = `${shard}/${file}.json`;
    if (!this.files.has(path)) {
      this.files.set(path, this.json(path).then(({ d, t }) => {
        const terms = new Map();
        for (let i = 0; i < d.length; i++) {
          for (const entry of t[i].split(" ")) {
            const colon = entry.lastIndexOf(":");
            const term = colon === -1 ? entry : entry.slice(0, colon);
            const count = colon === -1 ? 1 : Number(entry.slice(colon + 1));
            let postings = terms.get(term);
            if (!postings) terms.set(term, postings = []);
            postings.push(d[i], count);
          }
        }
        return terms;
      }));
    }
    return this.files.get(path);
  }

  // Page -> weighted count of the pages of one shard having `term` (or a longer term it
  // begins, when `prefix`).
  async postings(shard, term, prefix) {
    const [, files] = this.meta.shards[shard];
    const terms = await this.termFile(shard, Math.floor(bucket(term) * files / BUCKETS));
    const found = new Map();
    const add = (postings, weight) => {
      for (let i = 0; i < postings.length; i += 2) {
        found.set(postings[i], (found.get(postings[i]) || 0) + postings[i + 1] * weight);
      }
    };
    if (terms.has(term)) add(terms.get(term), 1);
    if (prefix) {
      for (const [other, postings] of terms) {
        if (other.length > term.length && other.startsWith(term)) add(postings, PREFIX_WEIGHT);
      }
    }
    return found;
  }

  // Results for `query` (words and "phrases"), each with `data()` for its text; with no
  // terms, every page the filters ({kind, tag}) select, newest first.
  async search(query, { filters = {} } = {}) {
    const { phrases, words } = parseQuery(query || "");
    const wanted = [
      ...words.flatMap((w) => queryTerms(w, true)),
      ...phrases.flatMap((p) => queryTerms(p, false)),
    ];
    const unique = [...new Map(wanted.map((t) => [t.join("\u0000"), t])).values()];
    const shards = this.meta.shards.map((_, s) => s);
    const pages = this.meta.pages || 1;
    const average = (this.meta.length || 1) / pages;
    const perShard = await Promise.all(shards.map(async (shard) => {
      const rows = await this.shardDocs(shard);
      const lists = await Promise.all(unique.map(([term, prefix]) => this.postings(shard, term, prefix)));
      return { shard, rows, lists };
    }));
    // How many pages have each term, over all shards (for its weight).
    const counts = unique.map((_, i) => perShard.reduce((n, s) => n + s.lists[i].size, 0));
    const results = [];
    for (const { rows, lists } of perShard) {
      const candidates = lists.length
        ? [...lists.reduce((a, b) => (a.size <= b.size ? a : b)).keys()]
        : rows.map((_, i) => i);
      for (const page of candidates) {
        if (!lists.every((list) => list.has(page))) continue;
        const row = rows[page];
        if (filters.kind && row[3] !== filters.kind) continue;
        if (filters.tag && !row[6].includes(filters.tag)) continue;
        let score = 0;
        lists.forEach((list, i) => {
          const tf = list.get(page);
          const idf = Math.log(1 + (pages - counts[i] + 0.5) / (counts[i] + 0.5));
          score += idf * (tf * (K1 + 1)) / (tf + K1 * (1 - B + B * row[7] / average));
        });
        results.push(this.result(row, score));
      }
    }
    if (unique.length) results.sort((a, b) => b.score - a.score || a.url.localeCompare(b.url));
    else results.sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.url.localeCompare(b.url));
    return { results, phrases, words };
  }

  result(row, score) {
    const [url, title, date, kind, lang, group, tags, , text] = row;
    const meta = { title, date, kind, lang, group };
    let loaded = null;
    return {
      url: this.root + url, score, meta, filters: { kind: [kind], tag: tags },
      data: () => {
        loaded ??= this.json(`text/${text}.json`).then((d) => ({
          url: this.root + url, content: d.text, meta, filters: { kind: [kind], tag: tags },
        }));
        return loaded;
      },
    };
  }
}
