// The "this post is N years old" notice: worked out on the day it is read, so the built
// page stays the same whatever day it was built. Without the script, no notice.
(() => {
  for (const note of document.querySelectorAll(".outdated-notice[data-since]")) {
    const days = Math.floor((Date.now() - Date.parse(note.dataset.since)) / 86400000);
    if (!(days > Number(note.dataset.afterDays))) continue;
    const years = Math.floor(days / 365);
    note.textContent = years >= 1
      ? note.dataset.years.replace("{n}", String(years))
      : note.dataset.days.replace("{n}", String(days));
    note.hidden = false;
  }
})();
