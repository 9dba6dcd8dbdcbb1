// Loads the conformance vectors kept in the repository (tests/conformance/).
import { readFileSync } from 'node:fs';

export function vectors(file, kind) {
  const all = JSON.parse(readFileSync(new URL(`../tests/conformance/${file}`, import.meta.url), 'utf8'));
  return kind === undefined ? all : all.filter((v) => v.kind === kind);
}
