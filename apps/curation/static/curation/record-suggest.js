// The correction form's record suggestions: as the curator types a public id, the records whose id starts
// with it fill the input's <datalist> (the browser's own accessible combobox). Without JavaScript the form
// still works: the id is typed in full and checked on "Show its fields" or save.
(function () {
  "use strict";
  function attach(input) {
    var list = document.getElementById(input.getAttribute("list"));
    var url = input.dataset.suggestUrl;
    var timer = null;
    var asked = "";
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var text = input.value.trim();
        if (text.length < 2 || text === asked) return;
        asked = text;
        fetch(url + "?q=" + encodeURIComponent(text), {credentials: "same-origin"})
          .then(function (r) { return r.ok ? r.json() : {results: []}; })
          .then(function (data) {
            if (asked !== text) return;
            list.replaceChildren.apply(list, data.results.map(function (hit) {
              var option = document.createElement("option");
              option.value = hit.id;
              option.label = hit.label;
              option.textContent = hit.label;
              return option;
            }));
          })
          .catch(function () {});
      }, 200);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-suggest-url]").forEach(attach);
  });
})();
