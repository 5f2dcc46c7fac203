// Live reload for `lanting serve` (never part of a built site): reloads this page when a
// rebuild changed it, and shows build errors over the page until they are fixed.
(() => {
  const here = decodeURI(location.pathname).replace(/index\.html$/, "");
  const overlay = (text) => {
    let box = document.getElementById("lanting-error");
    if (!text) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "lanting-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:auto 1rem 1rem 1rem;z-index:99999;max-height:60vh;" +
        "overflow:auto;background:#2a1215;color:#ffe4e1;border:2px solid #f08a80;border-radius:8px;" +
        "padding:1rem 1.25rem;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;" +
        "box-shadow:0 8px 30px rgb(0 0 0/40%)";
      document.body.append(box);
    }
    box.textContent = "lanting: the last rebuild failed, showing the last good build\n\n" + text;
  };
  const connect = () => {
    const events = new EventSource("/__lanting/events");
    events.addEventListener("reload", (event) => {
      const changed = JSON.parse(event.data);
      overlay("");
      if (changed.includes("*") || changed.includes(here)) location.reload();
    });
    events.addEventListener("error-report", (event) => overlay(JSON.parse(event.data)));
  };
  // After the first frame: the server holds the rest of a rebuild back until a page it
  // showed early is painted (the browser and the build share the machine's cores). A
  // hidden tab paints no frame: it connects at once.
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(connect));
  else connect();
})();
