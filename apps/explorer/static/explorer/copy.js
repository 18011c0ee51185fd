// The citation's "Copy citation" button: shown only where the clipboard API exists (a page without scripts
// keeps the citation as selectable text). A file, not an inline script: the pages' CSP runs no inline script.
document.querySelectorAll("button.copy").forEach(function (b) {
  if (!navigator.clipboard) return;
  b.hidden = false;
  b.addEventListener("click", function () {
    navigator.clipboard.writeText(document.getElementById(b.dataset.copy).textContent.trim())
      .then(function () { b.textContent = "Copied"; setTimeout(function () { b.textContent = "Copy citation"; }, 2000); });
  });
});
