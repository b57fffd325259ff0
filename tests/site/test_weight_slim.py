"""sitegen.slim: which theme CSS rules a site keeps, and HTML without indentation."""

from __future__ import annotations

from pathlib import Path

from sitegen.slim import minify_html, purge_css, slim_site, used_names


def test_rules_kept_only_when_a_selector_can_match() -> None:
    css = (
        ".a{color:red}.b .c{color:blue}.a,.zz{margin:0}"
        ".x :is(.a,.zz){top:0}.x :is(.zz,.yy){left:0}.a:not(.zz){right:0}"
        "@media print{.a{display:none}.zz{display:none}}@media screen{.zz{x:y}}"
        "@font-face{font-family:f}div{padding:0}"
        "[data-md-color-primary=indigo]{--p:1}[data-md-color-primary=red]{--p:2}"
        '.a::after{content:"{.zz}"}'
    )
    kept = purge_css(css, {"a", "x"}, {"data-md-color-primary": {"indigo"}})
    assert ".a{color:red}" in kept and ".b .c" not in kept
    assert ".a{margin:0}" in kept  # the selector that cannot match goes, the rule stays
    assert ".x :is(.a,.zz){top:0}" in kept and ":is(.zz,.yy)" not in kept
    assert ".a:not(.zz){right:0}" in kept  # a negation requires no class
    assert "@media print{.a{display:none}}" in kept and "@media screen" not in kept
    assert "@font-face{font-family:f}" in kept and "div{padding:0}" in kept
    assert "primary=indigo" in kept and "primary=red" not in kept
    assert '.a::after{content:"{.zz}"}' in kept  # braces inside strings


def test_unread_custom_properties_dropped() -> None:
    css = ':root{--used:1px;--unused:url("data:a;b");color:red}.a{margin:var(--used)}'
    kept = purge_css(css, {"a"}, {}, variables={"--used"})
    assert "--unused" not in kept and "--used:1px" in kept and "color:red" in kept


def test_minify_keeps_pre_and_scripts() -> None:
    html = "<div>\n    <p>a\n      b</p>\n<pre>  x\n    y</pre>\n  <script>\n  if (a) {\n    b();\n  }</script></div>"
    out = minify_html(html)
    assert "<pre>  x\n    y</pre>" in out and "  if (a) {\n    b();" in out
    assert "<div>\n<p>a\nb</p>" in out


def test_slim_site_gives_light_pages_their_own_stylesheet(tmp_path: Path) -> None:
    styles = tmp_path / "assets" / "stylesheets"
    styles.mkdir(parents=True)
    (styles / "main.abc123.min.css").write_text(
        ".heavy{a:b}.light{c:d}.both{e:f}.dyn{g:h}.none{i:j}", "utf-8"
    )
    (tmp_path / "assets" / "javascripts").mkdir()
    (tmp_path / "assets" / "javascripts" / "bundle.1.min.js").write_text('x("dyn")', "utf-8")
    (tmp_path / "assets" / "stichwort.js").write_text("", "utf-8")
    link = '<link rel="stylesheet" href="assets/stylesheets/main.abc123.min.css">'
    (tmp_path / "index.html").write_text(
        f'{link}<p class="heavy both">\n   x</p><script src="assets/javascripts/bundle.1.min.js"></script>',
        "utf-8",
    )
    (tmp_path / "text.html").write_text(
        f'{link}<p class="light both">x</p><script src="assets/stichwort.js"></script>', "utf-8"
    )
    slim_site(tmp_path)
    # every page's classes and the bundle's for the theme's pages; the light pages'
    # own classes alone for theirs (they do not load the bundle)
    main = (styles / "main.abc123.min.css").read_text("utf-8")
    assert main == ".heavy{a:b}.light{c:d}.both{e:f}.dyn{g:h}"
    assert (styles / "light.min.css").read_text("utf-8") == ".light{c:d}.both{e:f}"
    assert "stylesheets/light.min.css" in (tmp_path / "text.html").read_text("utf-8")
    index = (tmp_path / "index.html").read_text("utf-8")
    assert "main.abc123.min.css" in index and "\n   x" not in index
    classes, _ = used_names(tmp_path)
    assert {"heavy", "light", "dyn"} <= classes


def test_minify_asset_drops_comment_lines_and_indentation_only() -> None:
    from sitegen.slim import minify_asset

    js = '/* head\n   comment */\n(function () {\n  // a note\n  var u = "http://x//y"; // kept\n\n  return u;\n})();\n'
    assert (
        minify_asset(js, "js")
        == '(function () {\nvar u = "http://x//y"; // kept\nreturn u;\n})();\n'
    )
    css = '/* about */\n.a {\n  content: " /* not a comment */ ";\n}\n'
    assert minify_asset(css, "css") == '.a {\ncontent: " /* not a comment */ ";\n}\n'
    literal = "var s = `a\n  b`;\n"
    assert minify_asset(literal, "js") == literal  # a template literal: left as it is
