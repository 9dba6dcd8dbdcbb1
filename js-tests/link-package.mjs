// The examples import `mcp-envelope` as a user's code does; in this repository that
// name is node_modules/mcp-envelope, a link to the built package in pkg/ (npm may prune
// it, so each test that needs it makes it again).
import { lstatSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function linkPackage() {
  const link = `${root}node_modules/mcp-envelope`;
  let stat;
  try {
    stat = lstatSync(link);
  } catch {
    stat = undefined;
  }
  if (stat?.isSymbolicLink()) return;
  if (stat !== undefined) rmSync(link, { recursive: true, force: true });
  symlinkSync('../pkg', link, 'dir');
}
