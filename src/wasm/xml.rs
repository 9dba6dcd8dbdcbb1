//! The XML dialect's raw exports (see `pkg-template/lib/xml.js`).
