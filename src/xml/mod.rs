//! The XML dialect (MCP Fusion, seed 000).
