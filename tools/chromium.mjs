// The one launcher the browser tests share (js-tests/www.test.mjs, tests-matrix/browse.mjs):
// a Chromium or Chrome already on the machine, headless, driven by playwright-core. No
// network beyond 127.0.0.1 is needed: the flags turn off Chromium's own background
// connections. `node tools/chromium.mjs` prints the browser it would use, or exits 1
// with one line saying what to install (scripts/setup.sh browser runs it).
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** The environment variables that name a browser, first match wins. */
export const BROWSER_VARIABLES = ['CHROMIUM', 'CHROME_PATH'];
const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

const MISSING = 'no Chromium or Chrome found: install Chromium or Google Chrome, or set CHROMIUM=/path/to/the/browser';

function executable(path) {
  try {
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where an installed Chromium or Chrome is (in the order above, then macOS and Windows installs), or undefined. */
export function findChromium(env = process.env) {
  for (const name of BROWSER_VARIABLES) {
    const given = env[name];
    // A variable that is set decides: a wrong path is an error, not a reason to look elsewhere.
    if (given) return executable(given) ? given : undefined;
  }
  const exe = process.platform === 'win32' ? '.exe' : '';
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ON_PATH) {
      const path = join(dir, `${name}${exe}`);
      if (executable(path)) return path;
    }
  }
  const installs = [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ];
  for (const base of [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]) {
    if (base)
      installs.push(
        join(base, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        join(base, 'Chromium', 'Application', 'chrome.exe'),
      );
  }
  return installs.find(executable);
}

/** A persistent context on a fresh `profile` directory; `options` are playwright's. */
export async function launchChromium(profile, options = {}) {
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error(`mcp-envelope tests: ${MISSING}`);
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, ...options });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const found = findChromium();
  if (found === undefined) {
    const set = BROWSER_VARIABLES.find((name) => process.env[name]);
    console.error(set ? `setup: ${set}=${process.env[set]} is not an executable file` : `setup: ${MISSING}`);
    process.exit(1);
  }
  console.log(found);
}
