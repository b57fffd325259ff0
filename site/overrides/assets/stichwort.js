/* Stichwort edition: layer switch (remembered) and today's date in citations.
   Progressive enhancement only: without this script the reading text is fully shown. */
(function () {
  "use strict";
  var KEY = "stichwort.layer";
  var LAYERS = ["reading", "diplomatic", "raw"];

  function stored() {
    try { var v = window.localStorage.getItem(KEY); return LAYERS.indexOf(v) >= 0 ? v : "reading"; }
    catch (e) { return "reading"; }
  }

  function press(group, layer) {
    group.querySelectorAll("button[data-layer]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-layer") === layer));
    });
  }

  function setBlock(block, layer) {
    block.setAttribute("data-sw-layer", layer);
    var group = block.querySelector(".sw-layer-switch");
    if (group) { press(group, layer); }
  }

  function setPage(layer, remember) {
    document.querySelectorAll(".sw-block").forEach(function (b) { setBlock(b, layer); });
    document.querySelectorAll(".sw-pageinfo .sw-layer-switch").forEach(function (g) { press(g, layer); });
    document.documentElement.setAttribute("data-sw-layer", layer);
    if (remember) { try { window.localStorage.setItem(KEY, layer); } catch (e) { /* private mode */ } }
  }

  function today() {
    var d = new Date();
    return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() };
  }

  function init() {
    document.querySelectorAll(".sw-layer-switch").forEach(function (group) {
      group.hidden = false;
      group.addEventListener("click", function (event) {
        var button = event.target.closest("button[data-layer]");
        if (!button) { return; }
        var layer = button.getAttribute("data-layer");
        var block = group.closest(".sw-block");
        if (block) { setBlock(block, layer); } else { setPage(layer, true); }
      });
    });
    if (document.querySelector(".sw-block")) { setPage(stored(), false); }

    var t = today();
    document.querySelectorAll(".sw-date").forEach(function (el) {
      if (el.getAttribute("data-format") === "parts") {
        el.textContent = t.y + ",\n          " + t.m + ",\n          " + t.d;
      } else {
        el.textContent = t.y + "-" + String(t.m).padStart(2, "0") + "-" + String(t.d).padStart(2, "0");
      }
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); }
  else { init(); }
})();
