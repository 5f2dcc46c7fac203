// The publications page's filter box (al-folio's bib_search): as the reader types, an
// entry stays when its text (title, authors, venue, year) holds every word of the
// query; a year left empty goes with its entries. `?q=` fills the box, and typing keeps
// it in the address, so a filtered list can be linked. Without this script the box
// stays hidden and the whole list shows.
(() => {
  const box = document.querySelector(".pub-filter");
  if (!box) return;
  const input = box.querySelector("input");
  const status = box.querySelector(".pub-filter-status");
  const fold = (s) => s.normalize("NFKC").toLowerCase();
  const entries = [...document.querySelectorAll(".pub-group .pub")];
  // (what the entry shows of itself: not its BibTeX, whose field names every entry has)
  const shown = ".pub-title, .pub-byline, .pub-venue, .pub-aside";
  const texts = entries.map((entry) => fold([...entry.querySelectorAll(shown)]
    .map((part) => part.textContent).join(" ")).replace(/\s+/g, " "));
  const groups = [...document.querySelectorAll(".pub-group")];
  const counts = groups.map((group) => group.querySelector(".count"));
  const totals = counts.map((count) => count && count.textContent);
  const apply = () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    let matches = 0;
    entries.forEach((entry, i) => {
      entry.hidden = !words.every((word) => texts[i].includes(word));
      if (!entry.hidden) matches += 1;
    });
    groups.forEach((group, i) => {
      const left = [...group.querySelectorAll(".pub")].filter((entry) => !entry.hidden);
      group.hidden = !left.length;
      if (counts[i]) counts[i].textContent = words.length ? String(left.length) : totals[i];
    });
    status.textContent = words.length ? status.dataset.template.replace("{n}", matches) : "";
    const url = new URL(location.href);
    if (words.length) url.searchParams.set("q", input.value);
    else url.searchParams.delete("q");
    history.replaceState(history.state, "", url);
  };
  box.hidden = false;
  input.addEventListener("input", apply);
  const asked = new URL(location.href).searchParams.get("q");
  if (asked) {
    input.value = asked;
    apply();
  }
})();
