// The slide deck of a talk: one slide at a time, keyboard and swipe, the slide number in
// the URL hash, fullscreen (F), an overview grid (O) and a speaker view (S) in a second
// window kept in step through a BroadcastChannel. Without this script the deck is every
// slide one under the other, which is also what printing gives (one slide per page).
(() => {
  const root = document.documentElement;
  const slides = [...document.querySelectorAll(".deck-slides > .slide-frame")];
  if (!slides.length) return;
  const params = new URLSearchParams(location.search);
  if (params.has("print")) {
    root.classList.add("deck-print"); // the print layout on screen, ready for "Save as PDF"
    return;
  }
  const strings = JSON.parse(document.body.dataset.strings || "{}");
  const speaker = params.has("speaker");
  root.classList.add(speaker ? "deck-speaker" : "deck-js");
  const counter = document.querySelector(".deck-counter");
  // Previous and next buttons around the counter, for a reader without keys (a phone).
  const button = (text, label) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    return b;
  };
  const prevButton = button("‹", strings.previous || "Previous slide");
  const nextButton = button("›", strings.next || "Next slide");
  prevButton.className = "deck-prev";
  nextButton.className = "deck-next";
  if (counter && !speaker) {
    const nav = document.createElement("span");
    nav.className = "deck-nav";
    counter.replaceWith(nav);
    nav.append(prevButton, counter, nextButton);
    prevButton.addEventListener("click", () => go(current - 1));
    nextButton.addEventListener("click", () => go(current + 1));
  }
  const channel = "BroadcastChannel" in window
    ? new BroadcastChannel("lanting-deck:" + location.pathname) : null;
  let current = -1;

  const clamp = (i) => Math.max(0, Math.min(slides.length - 1, i));
  const fromHash = () => {
    // reveal.js's names too (`#/3/1`, `#/methods`): a link to a deck of that form, its
    // names anchors of the slide they name
    const hash = decodeURIComponent(location.hash.slice(1));
    const named = hash.startsWith("/") ? document.getElementById(hash) : null;
    const at = named ? slides.indexOf(named.closest(".slide-frame")) : -1;
    if (at >= 0) return at;
    const n = parseInt(hash, 10);
    return Number.isFinite(n) ? clamp(n - 1) : 0;
  };

  // The speaker view: current and next slide, the notes in large type, time.
  let view = null;
  if (speaker) {
    view = document.createElement("div");
    view.className = "speaker-view";
    view.innerHTML = `
      <section class="speaker-current"><div class="slide-frame"></div></section>
      <section class="speaker-side">
        <p class="speaker-label">${strings.next || "Next"}</p>
        <div class="speaker-next"><div class="slide-frame"></div></div>
        <div class="speaker-times">
          <button type="button" class="speaker-timer" title="reset"><span class="speaker-label">${strings.elapsed || "Elapsed"}</span><b>0:00</b></button>
          <p class="speaker-clock"><span class="speaker-label">${strings.clock || "Clock"}</span><b></b></p>
          <p class="speaker-count"></p>
        </div>
      </section>
      <section class="speaker-notes" aria-live="polite"></section>`;
    document.body.append(view);
    let started = Date.now();
    const timer = view.querySelector(".speaker-timer b");
    const clock = view.querySelector(".speaker-clock b");
    const two = (n) => String(n).padStart(2, "0");
    const tick = () => {
      const s = Math.floor((Date.now() - started) / 1000);
      timer.textContent = s >= 3600
        ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
        : `${Math.floor(s / 60)}:${two(s % 60)}`;
      const now = new Date();
      clock.textContent = `${two(now.getHours())}:${two(now.getMinutes())}`;
    };
    view.querySelector(".speaker-timer").addEventListener("click", () => {
      started = Date.now();
      tick();
    });
    tick();
    setInterval(tick, 1000);
  }

  const fill = (box, slide) => {
    box.replaceChildren(...(slide ? [slide.querySelector(".slide").cloneNode(true)] : []));
    if (!slide) box.textContent = strings.end || "End";
  };

  function go(index, broadcast = true) {
    const i = clamp(index);
    if (i === current) return;
    current = i;
    slides.forEach((slide, k) => {
      slide.classList.toggle("is-current", k === i);
      slide.toggleAttribute("inert", k !== i && !root.classList.contains("deck-overview"));
    });
    const hash = "#" + (i + 1);
    if (location.hash !== hash) history.replaceState(null, "", hash);
    if (counter) counter.textContent = `${i + 1} / ${slides.length}`;
    prevButton.disabled = i === 0;
    nextButton.disabled = i === slides.length - 1;
    root.style.setProperty("--deck-progress", String((i + 1) / slides.length));
    if (view) {
      fill(view.querySelector(".speaker-current .slide-frame"), slides[i]);
      fill(view.querySelector(".speaker-next .slide-frame"), slides[i + 1]);
      const notes = slides[i].querySelector(".slide-notes");
      view.querySelector(".speaker-notes").innerHTML = notes ? notes.innerHTML : "";
      view.querySelector(".speaker-count").textContent = `${i + 1} / ${slides.length}`;
    }
    if (broadcast && channel) channel.postMessage({ slide: i });
  }

  if (channel) {
    channel.onmessage = (event) => {
      if (event.data && event.data.hello) channel.postMessage({ slide: current });
      else if (event.data && Number.isInteger(event.data.slide)) go(event.data.slide, false);
    };
  }

  function toggleOverview(force) {
    const on = root.classList.toggle("deck-overview", force);
    slides.forEach((slide, k) => slide.toggleAttribute("inert", !on && k !== current));
    if (!on) slides[current].scrollIntoView({ block: "nearest" });
    else slides[current].scrollIntoView({ block: "center" });
  }

  function openSpeakerView() {
    const url = location.pathname + "?speaker#" + (current + 1);
    window.open(url, "lanting-speaker:" + location.pathname, "popup,width=1280,height=800");
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key;
    // Enter and Space on a focused link or button activate it, as everywhere else.
    if ((key === "Enter" || key === " ") && event.target.closest
        && event.target.closest("a[href], button, summary")) return;
    const overview = root.classList.contains("deck-overview");
    if (overview && key === "Enter") toggleOverview(false); // the overview picks a slide
    else if (["ArrowRight", "ArrowDown", "PageDown", " ", "Enter", "n", "j"].includes(key)) {
      go(current + (event.shiftKey && key === " " ? -1 : 1));
      if (overview) slides[current].scrollIntoView({ block: "nearest" });
    } else if (["ArrowLeft", "ArrowUp", "PageUp", "Backspace", "p", "k"].includes(key)) {
      go(current - 1);
      if (overview) slides[current].scrollIntoView({ block: "nearest" });
    } else if (key === "Home") go(0);
    else if (key === "End") go(slides.length - 1);
    else if (key === "f" || key === "F") {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (root.requestFullscreen) root.requestFullscreen().catch(() => {});
    } else if (key === "o" || key === "O") toggleOverview();
    else if (key === "Escape") toggleOverview(false);
    else if ((key === "s" || key === "S") && !speaker) openSpeakerView();
    else return;
    event.preventDefault();
  });

  // In the overview, a click picks a slide; otherwise a click on the right half advances.
  slides.forEach((slide, k) => slide.addEventListener("click", (event) => {
    if (root.classList.contains("deck-overview")) {
      toggleOverview(false);
      go(k);
    } else if (!speaker && !event.target.closest("a, button, summary, pre, details")) {
      go(current + (event.clientX > innerWidth / 2 ? 1 : -1));
    }
  }));

  let touch = null;
  document.addEventListener("touchstart", (event) => {
    touch = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  document.addEventListener("touchend", (event) => {
    if (!touch) return;
    const dx = event.changedTouches[0].clientX - touch[0];
    const dy = event.changedTouches[0].clientY - touch[1];
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) go(current + (dx < 0 ? 1 : -1));
    touch = null;
  });

  addEventListener("hashchange", () => go(fromHash()));
  go(fromHash(), false);
  if (speaker && channel) channel.postMessage({ hello: true });
})();
