// `require('mcp-envelope')` in Node: the ES module entry, loaded synchronously (Node
// ≥ 20.19 / 22.12 can require ES modules), so CommonJS and ESM share one instance.
module.exports = require('./node.js');
