/* Stichwort edition: layer switch (remembered), parts of text pages fetched on demand,
   today's date in citations, on light text pages the palette switch and copy buttons,
   repair marks' tips made from their apparatus entries, and keyboard moves inside a
   paragraph: its repair marks and its layer buttons are one tab stop each (roving
   tabindex), the arrow keys, Home and End move within them.
   Progressive enhancement only: without this script the reading text, the apparatus,
   the claims and the permalinks are fully shown. */
(function () {
  "use strict";
  var KEY = "stichwort.layer";
  var LAYERS = ["reading", "diplomatic", "raw"];
  var data = null;      /* the page's data file, once loaded: block id -> parts (HTML) */
  var waiting = [];
  var loading = false;

  function stored() {
    try { var v = window.localStorage.getItem(KEY); return LAYERS.indexOf(v) >= 0 ? v : "reading"; }
    catch (e) { return "reading"; }
  }

  /* Run fn once the page's data file is loaded (a script next to the page, so that it
     loads from the file system too); fn runs at once when there is no data file. */
  function withData(fn) {
    var holder = document.querySelector("[data-sw-data]");
    if (data || !holder) { fn(); return; }
    waiting.push(fn);
    if (loading) { return; }
    loading = true;
    var script = document.createElement("script");
    script.src = holder.getAttribute("data-sw-data");
    script.onerror = function () { loading = false; waiting = []; };
    document.head.appendChild(script);
  }

  window.swPageData = function (parts) {
    data = parts;
    document.querySelectorAll(".sw-block[data-id] > .sw-text").forEach(function (text) {
      var entry = data[text.parentNode.getAttribute("data-id")];
      if (!entry || text.querySelector(".sw-layer--raw")) { return; }
      ["diplomatic", "raw"].forEach(function (layer) {
        var p = document.createElement("p");
        p.className = "sw-layer sw-layer--" + layer;
        p.innerHTML = entry[layer] || "";
        text.appendChild(p);
      });
    });
    allTips(document);
    waiting.splice(0).forEach(function (fn) { fn(); });
  };

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
    if (layer !== "reading" && !data && document.querySelector("[data-sw-data]")) {
      withData(function () { setBlock(block, layer); });
      return;
    }
    block.setAttribute("data-sw-layer", layer);
    var group = block.querySelector(".sw-layer-switch");
    if (group) { press(group, layer); }
  }

  function setPage(layer, remember) {
    if (remember) { try { window.localStorage.setItem(KEY, layer); } catch (e) { /* private mode */ } }
    if (layer !== "reading" && !data && document.querySelector("[data-sw-data]")) {
      withData(function () { setPage(layer, false); });
      return;
    }
    document.querySelectorAll(".sw-block").forEach(function (b) { setBlock(b, layer); });
    document.querySelectorAll(".sw-pageinfo .sw-layer-switch").forEach(function (g) { press(g, layer); });
    document.documentElement.setAttribute("data-sw-layer", layer);
  }

  function today() {
    var d = new Date();
    return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() };
  }

  function dates(root) {
    var t = today();
    root.querySelectorAll(".sw-date").forEach(function (el) {
      if (el.getAttribute("data-format") === "parts") {
        el.textContent = t.y + ",\n          " + t.m + ",\n          " + t.d;
      } else {
        el.textContent = t.y + "-" + String(t.m).padStart(2, "0") + "-" + String(t.d).padStart(2, "0");
      }
    });
  }

  /* Copy buttons on the citation and TEI code (the theme's bundle adds them elsewhere). */
  function copyButtons(root) {
    if (document.querySelector("script[src*='/bundle.']")) { return; }
    root.querySelectorAll("pre > code").forEach(function (code) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sw-copy";
      button.textContent = "Copy";
      button.addEventListener("click", function () {
        if (navigator.clipboard) { navigator.clipboard.writeText(code.textContent); }
        button.textContent = "Copied";
      });
      code.parentNode.insertBefore(button, code);
    });
  }

  /* A box filled from the data file when first opened: the claims, the TEI source, the
     citation formats; the apparatus gets the evidence of each entry. */
  function fill(box) {
    var block = box.closest(".sw-block");
    var entry = data && block ? data[block.getAttribute("data-id")] : null;
    if (!entry || box.hasAttribute("data-sw-filled")) { return; }
    box.setAttribute("data-sw-filled", "");
    var kind = box.getAttribute("data-sw-lazy");
    if (kind === "apparatus") {
      Object.keys(entry.apparatus || {}).forEach(function (ref) {
        var li = document.getElementById(ref);
        if (li) { li.insertAdjacentHTML("beforeend", " " + entry.apparatus[ref]); }
      });
      return;
    }
    var holder = document.createElement("div");
    holder.innerHTML = entry[kind] || "";
    dates(holder);
    copyButtons(holder);
    while (holder.firstChild) { box.appendChild(holder.firstChild); }
  }

  function lazyBox(box) {
    box.hidden = false;
    box.addEventListener("toggle", function () {
      if (box.open && !box.hasAttribute("data-sw-filled")) { withData(function () { fill(box); }); }
    });
  }

  /* The theme's palette switch on pages without its bundle: same stored choice. */
  function palette() {
    var form = document.querySelector("form[data-md-component='palette']");
    if (!form || document.querySelector("script[src*='/bundle.']")) { return; }
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input[name='__palette']"));
    function show(index) {
      var input = inputs[index];
      input.checked = true;
      ["media", "scheme", "primary", "accent"].forEach(function (key) {
        document.body.setAttribute("data-md-color-" + key, input.getAttribute("data-md-color-" + key));
      });
      form.querySelectorAll("label").forEach(function (label) {
        label.hidden = label.getAttribute("for") !== inputs[(index + 1) % inputs.length].id;
      });
      return input;
    }
    var scheme = document.body.getAttribute("data-md-color-scheme");
    var current = Math.max(0, inputs.findIndex(function (i) { return i.getAttribute("data-md-color-scheme") === scheme; }));
    show(current);
    inputs.forEach(function (input, index) {
      input.addEventListener("change", function () {
        var chosen = show(index);
        if (typeof window.__md_set === "function") {
          window.__md_set("__palette", {
            index: index,
            color: {
              media: chosen.getAttribute("data-md-color-media"),
              scheme: chosen.getAttribute("data-md-color-scheme"),
              primary: chosen.getAttribute("data-md-color-primary"),
              accent: chosen.getAttribute("data-md-color-accent")
            }
          });
        }
      });
    });
  }

  /* An old address of a paragraph of a long chapter (chapter.html#id) lands on the
     chapter's contents, whose entry for the paragraph links to its section's page. */
  function followMoved() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var entry = id && document.getElementById(id);
    if (entry && entry.hasAttribute("data-sw-moved")) { window.location.replace(entry.href); }
  }

  /* Every mark's tip at once (read by screen readers with the text, without focus): at
     start and when the data file has added the other layers. */
  function allTips(root) {
    root.querySelectorAll(".sw-mark[aria-describedby]:not([data-tip])").forEach(tipOf);
  }

  /* The tooltip of a mark, made from its apparatus entry ("reading ] original — kind,
     who, cert c."): "kind: original · who · cert c". */
  function tipOf(mark) {
    var entry = document.getElementById(mark.getAttribute("aria-describedby"));
    if (!entry || !entry.classList.contains("sw-app")) { return; }
    var original = entry.querySelector(".sw-app__orig");
    var parts = /\u2014 (.+?), (automatic|editor), cert (\w+)/.exec(entry.textContent);
    if (original && parts) {
      mark.setAttribute("data-tip", parts[1] + ": " + original.textContent + " \u00b7 " + parts[2] + " \u00b7 cert " + parts[3]);
    }
  }

  function init() {
    allTips(document);
    followMoved();
    window.addEventListener("hashchange", followMoved);
    var page = document.querySelector(".sw-pageinfo .sw-layer-switch");
    if (page && document.querySelector("[data-sw-data]")) {
      /* each paragraph's own switch, made from the page's */
      document.querySelectorAll(".sw-block[data-id]:not(.sw-block--head) > .sw-meta").forEach(function (meta) {
        if (meta.querySelector(".sw-layer-switch")) { return; }
        var group = page.cloneNode(true);
        group.className = "sw-layer-switch sw-layer-switch--small";
        group.setAttribute("aria-label", "Text layer of " + meta.parentNode.getAttribute("data-id"));
        meta.appendChild(group);
      });
    }
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
    document.querySelectorAll("details[data-sw-lazy]").forEach(lazyBox);
    dates(document);
    palette();
    document.addEventListener("keydown", moveFocus);
    document.addEventListener("focusin", keepStop);
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); }
  else { init(); }
})();
