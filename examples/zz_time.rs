use mcp_envelope::protocol::{encode_json, table::entry, Host};
struct N;
impl Host for N {
    fn fill_random(&mut self, _: &mut [u8]) -> bool {
        false
    }
}
fn main() {
    for n in [4, 50] {
        let json = std::fs::read_to_string(format!("/tmp/fv-{n}.json")).unwrap();
        let req = encode_json("formatValidation", &json).unwrap();
        let count = std::env::var("N").ok().and_then(|n| n.parse().ok()).unwrap_or(20_000);
        let t = std::time::Instant::now();
        let mut k = 0;
        for _ in 0..count {
            k += entry::format_validation(std::hint::black_box(&req), &mut N).unwrap().len();
        }
        println!("formatValidation {n}: {:.2} µs ({k})", t.elapsed().as_secs_f64() * 1e6 / count as f64);
    }
}
