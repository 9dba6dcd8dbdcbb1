# Two commands do everything on a fresh machine: `make demo` and `make test`.
# Each first runs scripts/setup.sh, which installs only what is missing.

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
# wasm-bindgen tests run in Node through the CLI's test runner.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER := wasm-bindgen-test-runner

WASM := target/wasm32-unknown-unknown/release/mcp_envelope.wasm

.PHONY: setup build wasm demo test test-rust test-wasm test-js test-matrix bench clean

setup:
	@scripts/setup.sh

wasm: setup
	cargo build --release --target wasm32-unknown-unknown --lib

build: wasm
	node scripts/build-pkg.mjs

demo: build
	node examples/demo.mjs

test: build test-rust test-wasm test-js test-matrix

test-rust: setup
	cargo test
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings

test-wasm: setup
	cargo test --target wasm32-unknown-unknown

test-js: build
	node_modules/.bin/tsc -p js-tests/types
	node_modules/.bin/tsc -p js-tests/types/tsconfig.bundler.json
	node --test js-tests/

# The packed tarball in every runtime and bundler (tests-matrix/run.mjs), plus publint
# and arethetypeswrong on it.
test-matrix: build
	node tests-matrix/run.mjs

bench: build
	node bench/all.mjs
	node bench/coldstart.mjs

# The playground (www/): builds it into build/www/ and serves it on 127.0.0.1, on $PORT
# or else a free port, and prints the URL.
.PHONY: serve
serve: build
	node www/build.mjs
	node www/serve.mjs

clean:
	rm -rf target build pkg
