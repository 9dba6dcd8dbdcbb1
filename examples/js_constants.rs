//! Writes the JS layer's generated modules into the folder given (scripts/build-pkg.mjs
//! runs it with `pkg/lib`): `constants.js` (src/js_constants.rs), `abi.js` and
//! `abi.d.ts` (src/protocol/declare.rs).
fn main() -> std::io::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".to_owned());
    let dir = std::path::Path::new(&dir);
    std::fs::write(dir.join("constants.js"), mcp_envelope::js_constants::module())?;
    std::fs::write(dir.join("abi.js"), mcp_envelope::protocol::declare::abi_js())?;
    std::fs::write(dir.join("abi.d.ts"), mcp_envelope::protocol::declare::abi_dts())?;
    Ok(())
}
