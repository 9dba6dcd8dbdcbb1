//! Prints `pkg/lib/constants.js` (src/js_constants.rs): scripts/build-pkg.mjs runs it.
fn main() {
    print!("{}", mcp_envelope::js_constants::module());
}
