// Copy buttons for code blocks. The only script a post needs; pages read fine without it.
(() => {
  const labels = document.documentElement.lang.startsWith("zh")
    ? { copy: "复制", done: "已复制" } : { copy: "Copy", done: "Copied" };
  for (const block of document.querySelectorAll(".code-block")) {
    const code = block.querySelector("pre code");
    if (!code || !navigator.clipboard) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = labels.copy;
    button.addEventListener("click", async () => {
      const lines = [...code.querySelectorAll(".line")].map((line) => line.textContent);
      await navigator.clipboard.writeText(lines.length ? lines.join("\n") : code.textContent);
      button.textContent = labels.done;
      setTimeout(() => { button.textContent = labels.copy; }, 1500);
    });
    block.append(button);
  }
})();
