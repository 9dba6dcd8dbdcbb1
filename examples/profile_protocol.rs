//! A native driver for profiling one protocol operation as the wasm module runs it
//! (see bench/PROFILING.md): the request laid out once, then read and answered in a loop.
//!
//! `cargo run --release --example profile_protocol -- [issues] [iterations] [request.json]`
//!
//! With a third argument, the formatValidation request is that file's JSON (what the JS
//! layer sends, e.g. dumped with `JSON.stringify` of the request `abi.formatValidation`
//! takes) instead of `issues` made-up issues; a file starting `{"op":"<name>"` is a
//! request of that operation instead.

use mcp_envelope::protocol::{encode_json, table::ENTRIES, Host};

const ISSUE: [&str; 4] = [
    r#"{"expected":"string","code":"invalid_type","path":["name"],"message":"Invalid input: expected string, received number"}"#,
    r#"{"expected":"number","code":"invalid_type","path":["age"],"message":"Invalid input: expected number, received string"}"#,
    r#"{"expected":"string","code":"invalid_type","path":["tags",0],"message":"Invalid input: expected string, received number"}"#,
    r#"{"code":"invalid_value","values":["a","b"],"path":["mode"],"message":"Invalid option: expected one of \"a\"|\"b\""}"#,
];

struct NoRandom;
impl Host for NoRandom {
    fn fill_random(&mut self, _: &mut [u8]) -> bool {
        false
    }
}

fn main() -> Result<(), String> {
    let mut argv = std::env::args().skip(1);
    let total: usize = argv.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: usize = argv.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let first: Vec<&str> = ISSUE.iter().copied().cycle().take(total.min(100)).collect();
    let from_file = argv.next().map(|path| std::fs::read_to_string(path).map_err(|e| e.to_string())).transpose()?;
    let request = from_file.unwrap_or_else(|| format!(
        r#"{{"issues":[{}],"issuesTotal":{total},"issueSizes":[],"tool":"create_user","args":{{"name":5,"age":"x","tags":[1]}},"schema":"{{\"type\":\"object\"}}"}}"#,
        first.join(",")
    ));
    // A request that starts `{"op":"<name>"` (as the fuzz corpus's seeds do) is that operation's.
    let op = request
        .strip_prefix(r#"{"op":""#)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("formatValidation")
        .to_owned();
    let bytes = encode_json(&op, &request).map_err(|e| e.to_string())?;
    let (_, entry) = ENTRIES.iter().find(|(name, _)| *name == op).ok_or("no operation")?;
    println!("{}", entry(&bytes, &mut NoRandom).map_err(|e| e.to_string())?);
    let mut out = 0usize;
    let started = std::time::Instant::now();
    for _ in 0..iterations {
        out += entry(&bytes, &mut NoRandom).map_err(|e| e.to_string())?.len();
    }
    let per = started.elapsed().as_secs_f64() * 1e6 / iterations.max(1) as f64;
    println!("{total} issues: {per:.2} µs per {op} ({out} bytes)");
    Ok(())
}
