#!/usr/bin/env bash
# Installs what a make target needs, skipping whatever is already there. One argument
# says how much:
#   rust     the wasm32 target, clippy and rustfmt
#   js       rust, plus the npm dev dependencies of package-lock.json (make check: Biome)
#   build    js, plus the wasm-bindgen CLI at exactly the version in Cargo.lock (make
#            build, make demo); no browser
#   browser  build, plus a Chromium or Chrome for the browser tests (make test): one
#            already installed is used (tools/chromium.mjs finds it: $CHROMIUM or
#            $CHROME_PATH, chromium/google-chrome on PATH, the macOS or Windows install);
#            with none, Debian's chromium is installed with apt, and anywhere else this
#            stops with one line saying what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
need="${1:-build}"

rust() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
  fi
  if ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add clippy
  fi
  if ! cargo fmt --version >/dev/null 2>&1; then
    rustup component add rustfmt
  fi
}

js() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

build() {
  local bindgen_version
  bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
  if [ -z "$bindgen_version" ]; then
    echo "setup: no wasm-bindgen in Cargo.lock" >&2
    exit 1
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
    # Not --locked: one crate of its lock file is no longer on the registry.
    cargo install wasm-bindgen-cli --version "$bindgen_version" --force
  fi
  js
}

browser() {
  if node tools/chromium.mjs >/dev/null 2>&1; then return; fi
  # A browser named by a variable that is wrong is the caller's to fix, not apt's.
  if [ -n "${CHROMIUM:-}${CHROME_PATH:-}" ] || [ ! -f /etc/debian_version ]; then
    node tools/chromium.mjs >/dev/null
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  node tools/chromium.mjs >/dev/null
}

case "$need" in
  rust) rust ;;
  js) rust; js ;;
  build) rust; build ;;
  browser) rust; build; browser ;;
  *) echo "setup: unknown need '$need' (rust, js, build or browser)" >&2; exit 2 ;;
esac
