# Two commands do everything on a fresh machine: `make demo` and `make test`; `make
# check` is the fast edit-test loop. Each first runs scripts/setup.sh, which installs only
# what is missing and only what that target needs (`demo` installs no browser).

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
# wasm-bindgen tests run in Node through the CLI's test runner.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER := wasm-bindgen-test-runner

WASM := target/wasm32-unknown-unknown/release/mcp_envelope.wasm

.PHONY: setup setup-rust setup-js setup-browser build wasm demo check format lint-js test test-rust test-wasm test-js test-matrix bench bench-levels fuzz mutants clean

setup:
	@scripts/setup.sh build

setup-rust:
	@scripts/setup.sh rust

setup-js:
	@scripts/setup.sh js

# A Chromium or Chrome for the browser tests (js-tests/www.test.mjs, the matrix's browser
# rows): found where it is, installed with apt only on Debian, else one line says what to install.
setup-browser:
	@scripts/setup.sh browser

wasm: setup
	cargo build --release --target wasm32-unknown-unknown --lib --features typescript

build: wasm
	node scripts/build-pkg.mjs

demo: build
	node examples/demo.mjs

test: build format test-rust test-wasm test-js test-matrix

# The edit-test loop: formatting and lint, Rust tests, clippy (host and wasm32) and the JS
# syntax check; no wasm build, no browser.
check: format test-rust lint-js

# The tree is formatted: `cargo fmt` (rustfmt.toml) for Rust, Biome (biome.json) for the
# JS, TypeScript and JSON, whose linter runs too. `cargo fmt --all` and
# `node_modules/.bin/biome format --write .` rewrite it.
format: setup-js
	cargo fmt --all --check
	node_modules/.bin/biome ci .

# Every hand-written JS file parses (node --check), without building anything; deno.js's
# `import source` (a source-phase import) is newer than Node 20's parser.
JS_SOURCES := $(filter-out pkg-template/deno.js,$(wildcard pkg-template/*.js pkg-template/*.cjs pkg-template/lib/*.js \
  scripts/*.mjs tools/*.mjs js-tests/*.mjs tests-matrix/*.mjs www/*.mjs www/src/*.js bench/*.mjs examples/*.mjs))
lint-js:
	@for f in $(JS_SOURCES); do node --check "$$f" || exit 1; done
	@echo "lint-js: $(words $(JS_SOURCES)) files parse"

# The Rust API's features (Cargo.toml): `serde` (serde_json values, serde errors read as
# issues) and `jsonschema` (the jsonschema crate's errors read as issues); the crate is
# tested, linted and documented with them.
RUST_FEATURES := serde,jsonschema

# The Rust crate as a Rust user gets it: its tests (doctests included) with its features
# and without, clippy on the host and wasm32, docs without a warning, every public item
# of the API documented with an example (scripts/doc-examples.mjs), no wasm-only crate in
# a native build, and `cargo publish --dry-run` (packaging, then building the package).
test-rust: setup-rust
	cargo test --features $(RUST_FEATURES)
	cargo test --doc
	cargo clippy --all-targets -- -D warnings
	cargo clippy --all-targets --features $(RUST_FEATURES) -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --all-targets --features typescript -- -D warnings
	RUSTDOCFLAGS=-Dwarnings cargo doc --no-deps --features $(RUST_FEATURES)
	node scripts/doc-examples.mjs $(RUST_FEATURES)
	@if cargo tree -e normal --features $(RUST_FEATURES) | grep -E 'wasm-bindgen|js-sys|tsify'; then \
	  echo "a wasm-only crate is in the native build"; exit 1; fi
	cargo publish --dry-run --allow-dirty --features $(RUST_FEATURES)

# The core's tests in wasm32 (wasm-bindgen's runner); not the doctests, which show the
# native-only Rust API.
test-wasm: setup
	cargo test --target wasm32-unknown-unknown --lib --tests

# The JS layer (pkg-template/lib) is type-checked too: checkJs, strict, against the
# generated pkg/lib/abi.d.ts (js-tests/types/tsconfig.checkjs.json).
test-js: build setup-browser
	node_modules/.bin/tsc -p js-tests/types
	node_modules/.bin/tsc -p js-tests/types/tsconfig.bundler.json
	node_modules/.bin/tsc -p js-tests/types/tsconfig.checkjs.json
	cargo build --example parity --example rmcp_server --features serde
	node --test js-tests/

# The packed tarball in every runtime and bundler (tests-matrix/run.mjs), plus publint
# and arethetypeswrong on it.
test-matrix: build setup-browser
	node tests-matrix/run.mjs

bench: build
	node --expose-gc bench/all.mjs
	node bench/coldstart.mjs
	node --expose-gc bench/memory.mjs
	node bench/bounded.mjs

# The package at rustc opt-levels z, s, 2 and 3, side by side (README "Build level").
bench-levels: build
	node bench/levels.mjs

# cargo-fuzz over the core (fuzz/), each target for FUZZ_SECONDS (not part of `make
# test`). Stable Rust with RUSTC_BOOTSTRAP=1 stands in for nightly. New inputs go to
# fuzz/target/corpus/ (the committed seeds in fuzz/corpus/ are only read); a crash is
# saved in fuzz/artifacts/<target>/ and fails the run: add it to tests/fuzz_regressions.rs.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := json_reader xml_issues jsonrpc_issues classifier xml_builders client_parser protocol api api_serde
fuzz: setup
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz build -O
	@cd fuzz && for t in $(FUZZ_TARGETS); do \
	  mkdir -p target/corpus/$$t artifacts/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS)s"; \
	  RUSTC_BOOTSTRAP=1 cargo fuzz run -O $$t target/corpus/$$t corpus/$$t -- \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=artifacts/$$t/ 2>&1 | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)' ; \
	  test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

# cargo-mutants over the core modules whose output is the product (not part of `make
# test`); .cargo/mutants.toml names the tests each mutant runs. A whole pass is about
# 1,600 mutants, far over an hour on 2 shared cores, so one run takes one shard:
# MUTANTS_SHARD=k/24 (k = 0..23, about 70 mutants, under an hour each). MUTANTS_FILES
# narrows a run to some files. Properties run PROPTEST_CASES=32 cases per mutant.
# Results: mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt).
MUTANTS_FILES ?= src/jsonrpc/*.rs src/jsonrpc/rejection/*.rs src/xml/*.rs src/zod/*.rs src/redact.rs src/sizes.rs src/classify/*.rs
MUTANTS_SHARD ?= 0/24
mutants: setup
	@command -v cargo-mutants >/dev/null || cargo install cargo-mutants --locked
	PROPTEST_CASES=32 CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0 nice -n 10 \
	  cargo mutants -j 1 --shard $(MUTANTS_SHARD) $(foreach f,$(MUTANTS_FILES),-f '$(f)')

# The playground (www/): builds it into build/www/ and serves it on 127.0.0.1, on $PORT
# or else a free port, and prints the URL.
.PHONY: serve
serve: build
	node www/build.mjs
	node www/serve.mjs

clean:
	rm -rf target build pkg
