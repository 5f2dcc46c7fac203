// Comments on demand: the provider's client (giscus, Waline, Twikoo, Artalk) is requested
// only when the reader scrolls near the comments or presses "Load comments". Until then
// the page contacts no third party. Settings come from the section's data-* attributes
// (templates/_comments.html).
(() => {
  const section = document.querySelector("section.comments[data-comments]");
  if (!section) return;
  const data = section.dataset;
  const host = section.querySelector(".comments-host");
  const line = section.querySelector(".comments-load-line");
  let started = false;

  const scheme = () => document.documentElement.dataset.theme
    || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");

  const addStylesheet = () => {
    if (!data.stylesheet) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = data.stylesheet;
    document.head.appendChild(link);
  };

  const addScript = (onload) => {
    const script = document.createElement("script");
    script.src = data.script;
    script.async = true;
    script.onload = onload;
    host.appendChild(script);
    return script;
  };

  const start = {
    giscus() {
      const script = document.createElement("script");
      for (const name of ["repo", "repoId", "category", "categoryId", "mapping", "term",
        "strict", "reactionsEnabled", "inputPosition", "lang"]) {
        if (data[name] !== undefined) script.dataset[name] = data[name];
      }
      script.dataset.emitMetadata = "0";
      script.dataset.theme = document.documentElement.dataset.theme || "preferred_color_scheme";
      script.crossOrigin = "anonymous";
      script.async = true;
      script.src = data.script;
      host.appendChild(script);
    },
    waline() {
      import(data.script).then((waline) => waline.init({
        el: host, serverURL: data.server, path: data.path, lang: data.lang,
        dark: 'html[data-theme="dark"]',
      }));
    },
    twikoo() {
      addScript(() => window.twikoo.init({
        envId: data.server, el: host, path: data.path, lang: data.lang,
        ...(data.region ? { region: data.region } : {}),
      }));
    },
    artalk() {
      addScript(() => window.Artalk.init({
        el: host, server: data.server, site: data.site, pageKey: data.path,
        pageTitle: document.title, locale: data.lang, darkMode: scheme() === "dark",
      }));
    },
  };

  const load = () => {
    if (started) return;
    started = true;
    line.hidden = true;
    addStylesheet();
    start[data.comments]();
  };

  line.hidden = false;
  line.querySelector("button").addEventListener("click", load);
  if ("IntersectionObserver" in window) {
    const watcher = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        watcher.disconnect();
        load();
      }
    }, { rootMargin: "300px 0px" });
    watcher.observe(section);
  }
})();
