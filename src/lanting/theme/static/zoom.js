// Click (or Enter on) an image of a page to see it large; a click, Esc or the close
// button closes it. Pages read fine without this script: images are plain images then.
(() => {
  const images = [...document.querySelectorAll(".prose img")].filter((img) => !img.closest("a"));
  if (!images.length || !window.HTMLDialogElement) return;
  const zh = document.documentElement.lang.startsWith("zh");
  const dialog = document.createElement("dialog");
  dialog.className = "zoom-dialog";
  dialog.setAttribute("aria-label", zh ? "放大的图片" : "Enlarged image");
  const big = document.createElement("img");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "zoom-close";
  close.textContent = zh ? "关闭" : "Close";
  dialog.append(big, close);
  document.body.append(dialog);
  dialog.addEventListener("click", () => dialog.close());
  const open = (img) => {
    big.src = img.currentSrc || img.src;
    big.alt = img.alt;
    dialog.showModal();
  };
  for (const img of images) {
    img.classList.add("zoomable");
    img.tabIndex = 0;
    img.addEventListener("click", () => open(img));
    img.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(img); }
    });
  }
})();
