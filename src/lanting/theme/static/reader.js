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
