use mcp_envelope::protocol::{encode_json, table::entry, Host};
struct N; impl Host for N { fn fill_random(&mut self, _: &mut [u8]) -> bool { false } }
fn main() {
    let req = encode_json("classify", r#"{"kind":0,"code":"NaN","valueKind":3,"isError":true,"nameThrew":false,"name":"Error","message":"not found","aborted":false,"statusCode":0,"causes":[]}"#).unwrap();
    let n = 300_000;
    let t = std::time::Instant::now();
    let mut k = 0;
    for _ in 0..n { k += entry::classify(std::hint::black_box(&req), &mut N).unwrap().len(); }
    println!("classify {:.3} µs {k}", t.elapsed().as_secs_f64() * 1e6 / n as f64);
}
