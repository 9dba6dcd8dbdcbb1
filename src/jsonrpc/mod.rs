//! The JSON-RPC dialect (mcp-ts-core, seeds 002/003).
