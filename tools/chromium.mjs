// Debian's Chromium, headless, driven by playwright-core: the one launcher the browser
// tests share (js-tests/www.test.mjs, tests-matrix/browse.mjs). No network beyond
// 127.0.0.1 is needed: the flags turn off Chromium's own background connections.
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A persistent context on a fresh `profile` directory; `options` are playwright's. */
export function launchChromium(profile, options = {}) {
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  return chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, ...options });
}
