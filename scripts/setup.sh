#!/usr/bin/env bash
# Installs what the build and tests need, skipping whatever is already there:
# the wasm32 target, clippy, the wasm-bindgen CLI at exactly the version in Cargo.lock,
# the npm dev dependencies of package-lock.json (bundlers, Bun, Deno, Node 20/22/24,
# wrangler/Miniflare, playwright-core, publint, attw), and Debian's chromium for the
# browser rows of `make test-matrix`.
set -euo pipefail
cd "$(dirname "$0")/.."

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ -z "$bindgen_version" ]; then
  echo "setup: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! cargo clippy --version >/dev/null 2>&1; then
  rustup component add clippy
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  # Not --locked: one crate of its lock file is no longer on the registry.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
