/* The edition's search: fetches search/index.json on the first search (focus or typing,
   never on page load), folds the query with the rules the index carries (the same rules
   sitegen/folding.py applied to the text) and lists each paragraph once, as links. */
(function () {
  "use strict";
  var root = document.querySelector(".sw-search");
  if (!root || !window.fetch) return;
  var input = root.querySelector(".sw-search__input");
  var panel = root.querySelector(".sw-search__panel");
  var status = root.querySelector(".sw-search__status");
  var list = root.querySelector(".sw-search__list");
  var indexUrl = new URL(root.getAttribute("data-sw-index"), document.baseURI);
  var siteRoot = new URL("..", indexUrl);
  var SHOWN = 50, BEFORE = 60, AFTER = 160;
  var MARKS = /[\u0300-\u036f]/g;
  var WORD = /(?:[\p{L}\p{N}]|[\u0300-\u036f])+/gu;
  var UMLAUT = { a: "ä", o: "ö", u: "ü", A: "Ä", O: "Ö", U: "Ü" };
  var index = null, loading = null, vocabulary = [], foldRules = [], modernRules = [];
  var timer = 0, shown = SHOWN;

  function compile(rules) {
    return rules.map(function (r) { return [new RegExp(r[0], "gu"), r[1]]; });
  }
  function apply(rules, word) {
    return rules.reduce(function (w, r) { return w.replace(r[0], function () { return r[1]; }); }, word);
  }
  // sitegen.folding.fold
  function fold(word) {
    return apply(foldRules, word.toLowerCase().normalize("NFD").replace(MARKS, ""));
  }
  // sitegen.folding.modern_forms
  function modernForms(word) {
    var low = word.replace(/ſ/g, "s").replace(/([aouAOU])\u0364/g, function (m, v) {
      return UMLAUT[v];
    }).toLowerCase();
    var out = [apply(modernRules, low)];
    modernRules.forEach(function (r) { out.push(apply([r], low)); });
    return out.filter(function (c, k) { return c !== low && out.indexOf(c) === k; });
  }
  function words(text) { return text.normalize("NFC").match(WORD) || []; }

  function load() {
    if (!loading) {
      loading = fetch(indexUrl).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(function (data) {
        index = data;
        foldRules = compile(data.rules.fold);
        modernRules = compile(data.rules.modern);
        vocabulary = Object.keys(data.terms).sort();
        return data;
      });
      loading.catch(function () {});
    }
    return loading;
  }

  function postings(key) {
    var ids = [], last = 0;
    (index.terms[key] || "").split(",").forEach(function (part, k) {
      if (!part) return;
      last = (k ? last : 0) + parseInt(part, 36);
      ids.push(last);
    });
    return ids;
  }
  function firstAtLeast(key) {
    var lo = 0, hi = vocabulary.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (vocabulary[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  }
  // doc -> score of one query word: 3 for its key, 2 for a modern spelling of it in the
  // index, 1 for a longer key it begins (last word only); keys that matched go to `keys`
  function scores(word, prefix, also, keys) {
    var found = new Map(), key = fold(word);
    function add(k, weight) {
      var ids = postings(k);
      if (ids.length) keys.add(k);
      ids.forEach(function (d) { if ((found.get(d) || 0) < weight) found.set(d, weight); });
    }
    if (prefix && key.length >= 2) {
      for (var i = firstAtLeast(key); i < vocabulary.length && vocabulary[i].startsWith(key); i++) {
        add(vocabulary[i], vocabulary[i] === key ? 3 : 1);
      }
    } else {
      add(key, 3);
    }
    modernForms(word).forEach(function (form) {
      var modern = fold(form);
      if (modern !== key && index.terms[modern]) {
        add(modern, 2);
        also.push(form);
      }
    });
    return found;
  }

  function search(query) {
    var parts = words(query), also = [], keys = new Set();
    if (!parts.length) return { hits: [], also: also, keys: keys };
    var total = null;
    parts.forEach(function (word, k) {
      var last = k === parts.length - 1 && !/\s$/.test(query);
      var found = scores(word, last, also, keys);
      if (total === null) { total = found; return; }
      var next = new Map();
      total.forEach(function (score, d) { if (found.has(d)) next.set(d, score + found.get(d)); });
      total = next;
    });
    var hits = Array.from(total.keys());
    hits.sort(function (a, b) { return total.get(b) - total.get(a) || a - b; });
    return { hits: hits, also: also, keys: keys };
  }

  // the passage of `text` around its first word whose key matched, those words marked
  function passage(text, keys) {
    var spans = [], m, first = -1;
    WORD.lastIndex = 0;
    while ((m = WORD.exec(text))) {
      var hit = keys.has(fold(m[0])) || modernForms(m[0]).some(function (f) { return keys.has(fold(f)); });
      spans.push([m.index, m.index + m[0].length, hit]);
      if (hit && first < 0) first = m.index;
    }
    var start = Math.max(0, first - BEFORE), end = Math.min(text.length, Math.max(first, 0) + AFTER);
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
    var out = [start > 0 ? "… " : ""], at = start;
    spans.forEach(function (span) {
      if (!span[2] || span[0] < start || span[1] > end) return;
      out.push(text.slice(at, span[0]));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(span[0], span[1]);
      out.push(mark);
      at = span[1];
    });
    out.push(text.slice(at, end) + (end < text.length ? " …" : ""));
    return out;
  }

  function item(d, keys) {
    var doc = index.docs[d], page = index.pages[doc[0]];
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = new URL(page[0] + "#" + doc[1], siteRoot).href;
    a.setAttribute("data-id", doc[1]);
    var title = document.createElement("span");
    title.className = "sw-search__title";
    title.textContent = page[1] + ", " + doc[2];
    var shown = document.createElement("span");
    shown.className = "sw-search__passage";
    shown.append.apply(shown, passage(doc[3], keys));
    a.append(title, shown);
    li.append(a);
    return li;
  }

  function render() {
    var query = input.value;
    if (!query.trim()) { close(); return; }
    var result = search(query), hits = result.hits;
    list.replaceChildren.apply(list, hits.slice(0, shown).map(function (d) {
      return item(d, result.keys);
    }));
    var text = hits.length === 0 ? "No results for “" + query.trim() + "”"
      : hits.length + (hits.length === 1 ? " result" : " results") + " for “" + query.trim() + "”";
    if (result.also.length) text += " (also as " + result.also.join(", ") + ")";
    status.textContent = text;
    if (hits.length > shown) {
      var more = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sw-search__more";
      button.textContent = "Show all " + hits.length + " results";
      button.addEventListener("click", function () {
        shown = hits.length;
        render();
        var next = list.children[SHOWN];
        if (next) next.querySelector("a").focus();
      });
      more.append(button);
      list.append(more);
    }
    panel.hidden = false;
  }

  function update() {
    shown = SHOWN;
    if (!input.value.trim()) { close(); return; }
    panel.hidden = false;
    if (!index) status.textContent = "Loading the search index …";
    load().then(render, function (error) {
      status.textContent = "The search index could not be loaded (" + error.message +
        "); search needs the site served over HTTP.";
    });
  }

  function close() {
    panel.hidden = true;
  }

  function links() { return Array.from(list.querySelectorAll("a, button")); }

  input.addEventListener("focus", load);
  input.addEventListener("click", function () { if (panel.hidden) update(); });
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, 60);
  });
  root.querySelector("form").addEventListener("submit", function (event) {
    event.preventDefault();
    var first = list.querySelector("a");
    if (first) first.focus();
  });
  root.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (event.key === "Escape") {
      close();
      input.focus();
    } else if (event.key === "ArrowDown" && all.length) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      if (at === 0) input.focus(); else all[at - 1].focus();
    }
  });
  list.addEventListener("click", function (event) {
    if (event.target.closest("a")) close();
  });
  document.addEventListener("click", function (event) {
    // the path, not the target: "Show all" is replaced by the time the click gets here
    if (event.composedPath().indexOf(root) < 0) close();
  });

  // the folding, for other scripts and the tests (after `load()`: the rules come with the index)
  window.stichwortSearch = { load: load, fold: fold, modernForms: modernForms, words: words };

  // into the header bar, before the colour-scheme switch
  var bar = document.querySelector(".md-header__inner");
  if (bar) bar.insertBefore(root, bar.querySelector(".md-header__option, .md-header__source"));
  root.hidden = false;
})();
