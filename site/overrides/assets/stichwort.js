/* Stichwort edition: layer switch (remembered), today's date in citations, and keyboard
   moves inside a paragraph: its repair marks and its layer buttons are one tab stop each
   (roving tabindex), the arrow keys, Home and End move within them.
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
      var on = b.getAttribute("data-layer") === layer;
      b.setAttribute("aria-pressed", String(on));
      b.tabIndex = on ? 0 : -1;
    });
  }

  // The items that share one tab stop: the marks of a text layer (or of the legend),
  // the buttons of a layer switch.
  function roving(el) {
    var mark = el.closest(".sw-mark");
    var group = mark && mark.closest(".sw-layer, .sw-legend");
    if (group) { return { item: mark, items: group.querySelectorAll(".sw-mark") }; }
    var button = el.closest(".sw-layer-switch button[data-layer]");
    if (button) { return { item: button, items: button.parentNode.querySelectorAll("button[data-layer]") }; }
    return null;
  }

  function moveFocus(event) {
    var r = event.target.closest ? roving(event.target) : null;
    if (!r) { return; }
    var items = Array.prototype.slice.call(r.items);
    var k = items.indexOf(r.item);
    var next = {
      ArrowRight: items[k + 1], ArrowDown: items[k + 1],
      ArrowLeft: items[k - 1], ArrowUp: items[k - 1],
      Home: items[0], End: items[items.length - 1]
    };
    if (!(event.key in next) || event.altKey || event.ctrlKey || event.metaKey) { return; }
    event.preventDefault();
    var target = next[event.key];
    if (target) { target.focus(); }
  }

  // the item last focused becomes its group's tab stop
  function keepStop(event) {
    var r = event.target.closest ? roving(event.target) : null;
    if (!r) { return; }
    r.items.forEach(function (item) { item.tabIndex = item === r.item ? 0 : -1; });
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
    document.addEventListener("keydown", moveFocus);
    document.addEventListener("focusin", keepStop);

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
