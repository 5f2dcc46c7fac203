// Small helps for readers; every page reads fine without them.
//
// 1. The light/dark toggle. Pages follow the system's scheme; the button, added here so that
// readers without JavaScript never see a control that does nothing, switches to the other
// scheme and remembers it. Choosing the system's own scheme forgets the choice again. The
// stored choice is applied before the first paint by the inline script in <head>.
(() => {
  const KEY = "lanting-theme";
  const root = document.documentElement;
  const header = document.querySelector(".header-inner");
  const system = matchMedia("(prefers-color-scheme: dark)");
  const label = (document.currentScript && document.currentScript.dataset.label) || "Dark mode";
  const scheme = () => root.dataset.theme || (system.matches ? "dark" : "light");

  const button = document.createElement("button");
  button.type = "button";
  button.className = "theme-toggle";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">'
    + '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/>'
    + '<path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor"/></svg>';

  const show = () => button.setAttribute("aria-pressed", String(scheme() === "dark"));
  const tellComments = () => {
    const frame = document.querySelector("iframe.giscus-frame");
    if (frame) {
      frame.contentWindow.postMessage({ giscus: { setConfig: { theme: scheme() } } },
        "https://giscus.app");
    }
  };

  button.addEventListener("click", () => {
    const next = scheme() === "dark" ? "light" : "dark";
    try {
      if (next === (system.matches ? "dark" : "light")) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch (error) { /* storage disabled: the choice lasts for this page */ }
    if (next === (system.matches ? "dark" : "light")) delete root.dataset.theme;
    else root.dataset.theme = next;
    show();
    tellComments();
  });
  system.addEventListener("change", show);
  show();
  if (header) header.append(button);
})();

// 2. A formula wider than the column scrolls inside it (see .math-inline in style.css); the
// ones that do scroll can take keyboard focus, so they can be scrolled without a mouse.
(() => {
  const wide = () => {
    for (const el of document.querySelectorAll(".math-inline")) {
      if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
      else el.removeAttribute("tabindex");
    }
  };
  let pending = false;
  addEventListener("resize", () => {
    if (!pending) requestAnimationFrame(() => { pending = false; wide(); });
    pending = true;
  });
  wide();
  document.fonts.ready.then(wide);
})();

// 3. {{< video >}}: the poster is a link to the video's own page; a click swaps in the
// player, so Bilibili or YouTube hear of the reader only once they ask for the video.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a.video-load[data-embed]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const frame = document.createElement("iframe");
  frame.src = link.dataset.embed;
  frame.title = link.dataset.title || "";
  frame.allow = "autoplay; fullscreen; picture-in-picture; encrypted-media";
  frame.allowFullscreen = true;
  frame.referrerPolicy = "strict-origin-when-cross-origin";
  frame.className = "video-frame";
  link.replaceWith(frame);
  frame.focus();
});

// 4. The menu button of the phone bar. Without JavaScript it is a link to the menu panel,
// which CSS opens as the `:target`; here it becomes a button that opens and closes the
// panel, and Escape or a click elsewhere closes it.
(() => {
  const link = document.querySelector(".menu-button");
  const header = document.querySelector(".site-header");
  const panel = document.getElementById("header-menu");
  if (!link || !header || !panel) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.innerHTML = link.innerHTML;
  button.setAttribute("aria-label", link.getAttribute("aria-label") || "");
  button.title = link.title;
  button.setAttribute("aria-controls", panel.id);
  button.setAttribute("aria-expanded", "false");
  link.replaceWith(button);
  const open = (yes) => {
    header.classList.toggle("menu-open", yes);
    button.setAttribute("aria-expanded", String(yes));
  };
  button.addEventListener("click", () => open(!header.classList.contains("menu-open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      open(false);
      button.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!header.contains(event.target)) open(false);
  });
})();

// A drop-down of the menu (a `<details>`, which opens without JavaScript) closes when
// another opens, on a click elsewhere, and on Escape (focus back on its name).
(() => {
  const menus = [...document.querySelectorAll(".site-nav .submenu details")];
  if (!menus.length) return;
  const closeAll = (except) => menus.forEach((m) => { if (m !== except) m.open = false; });
  menus.forEach((menu) => menu.addEventListener("toggle", () => {
    if (menu.open) closeAll(menu);
  }));
  document.addEventListener("click", (event) => {
    if (!menus.some((m) => m.contains(event.target))) closeAll(null);
  });
  document.addEventListener("keydown", (event) => {
    const open = menus.find((m) => m.open);
    if (event.key === "Escape" && open) {
      open.open = false;
      open.querySelector("summary").focus();
    }
  });
})();

// 5. The table of contents marks the section being read (aria-current on its link): the
// last heading above the upper third of the window. An IntersectionObserver says when a
// heading crosses that line, so nothing runs while the reader scrolls inside a section.
(() => {
  const toc = document.querySelector(".toc");
  if (!toc || !("IntersectionObserver" in window)) return;
  const entries = [];
  for (const link of toc.querySelectorAll('a[href^="#"]')) {
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (target) entries.push([target, link]);
  }
  if (!entries.length) return;
  let current = null;
  const mark = () => {
    const line = innerHeight / 3;
    let active = null;
    for (const [target, link] of entries) {
      if (target.getBoundingClientRect().top <= line) active = link;
    }
    if (active === current) return;
    if (current) current.removeAttribute("aria-current");
    if (active) {
      active.setAttribute("aria-current", "location");
      // Keep the mark in view when the table of contents scrolls on its own.
      const box = toc.getBoundingClientRect(), at = active.getBoundingClientRect();
      if (toc.scrollHeight > toc.clientHeight && (at.top < box.top || at.bottom > box.bottom)) {
        toc.scrollTop += at.top - box.top - box.height / 2;
      }
    }
    current = active;
  };
  const observer = new IntersectionObserver(mark, { rootMargin: "0px 0px -66% 0px" });
  for (const [target] of entries) observer.observe(target);
  mark();
})();
