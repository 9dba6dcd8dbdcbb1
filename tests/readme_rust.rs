#![cfg(not(target_arch = "wasm32"))]
//! The README's Rust code cannot rot: every `rust` block of it is a verbatim excerpt of
//! an example in examples/ (which `cargo test` compiles, and whose tests run it) or of a
//! test in tests/ (which runs it), so what the README shows is code that builds and works.
use std::fs;
use std::path::Path;

fn rust_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((at, line)) = lines.next() {
        if line != "```rust" {
            continue;
        }
        let body: Vec<&str> = lines.by_ref().map(|(_, l)| l).take_while(|l| *l != "```").collect();
        found.push((at + 1, body.join("\n")));
    }
    found
}

/// The lines, each without its indentation (a test's code sits inside a function).
fn trimmed(code: &str) -> String {
    code.lines().map(str::trim).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_rust_block_of_the_readme_is_an_excerpt_of_an_example_or_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let examples: Vec<(String, String)> = ["examples", "tests"]
        .iter()
        .flat_map(|dir| fs::read_dir(root.join(dir)).expect("examples/ and tests/"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| (p.display().to_string(), trimmed(&fs::read_to_string(&p).expect("example"))))
        .collect();
    let blocks = rust_blocks(&readme);
    assert!(!blocks.is_empty(), "the README has no Rust quickstart");
    for (line, block) in blocks {
        assert!(
            examples.iter().any(|(_, source)| source.contains(&trimmed(&block))),
            "README.md:{line}: this rust block is in no example and no test:\n{block}"
        );
    }
}
