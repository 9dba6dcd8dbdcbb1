// Loads the conformance vectors from ../shared/conformance (beside the repository).
import { readFileSync } from 'node:fs';

export function vectors(file, kind) {
  const all = JSON.parse(readFileSync(new URL(`../../shared/conformance/${file}`, import.meta.url), 'utf8'));
  return kind === undefined ? all : all.filter((v) => v.kind === kind);
}
