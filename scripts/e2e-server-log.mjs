// The browser tests' sites (decision 0058): the main one, which the desktop and phone projects share, and the one
// beside it for the long, serial specs (flag switches, the seller journey, a real auction close), each with its
// own port, data directory and log. E2E_SITE picks one for a Playwright run; `npm test` runs both at once.
// Their request logs go to a file, not into the test output; a failed run points there (decision 0025).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The sites: port (the API takes the next one) and data directory, emptied at the start of every run. */
export const E2E_SITES = {
  main: { port: 3100, dataDir: join(ROOT, 'data', 'e2e') },
  beside: { port: 3200, dataDir: join(ROOT, 'data', 'e2e-beside') },
};

/** The site of this process's run (E2E_SITE, `main` unless set to `beside`; E2E_DATA_DIR moves its data). */
export function e2eSite(env = process.env) {
  const name = env.E2E_SITE === 'beside' ? 'beside' : 'main';
  const dataDir = env.E2E_DATA_DIR || E2E_SITES[name].dataDir;
  return { name, port: E2E_SITES[name].port, dataDir, log: join(dataDir, 'server.log') };
}

/**
 * What the site beside runs, and the main site never does, by project: the real auction close and the seller
 * journey wait minutes of real time (the journey's 200 lots closing within minutes would also confuse specs beside
 * it); flags are global, so their specs run where nothing else runs at the same time; the staff specs that change
 * what every visitor sees (the category tree, the featured sellers and home sections) run here, away from the
 * main site's specs that read those.
 */
export const BESIDE_PROJECTS = {
  close: /bidding-close\.spec\.ts$/,
  flags: /flags-.*\.spec\.ts$/,
  journey: /seller-journey\.spec\.ts$/,
  staff: /staff-(catalog|content|applications)\.spec\.ts$/,
};
export const BESIDE_SPECS = Object.values(BESIDE_PROJECTS);

const current = e2eSite();
/** The browser tests' data directory of this run's site. */
export const E2E_DATA_DIR = current.dataDir;
/** Written afresh on every run that starts its own site. */
export const E2E_SERVER_LOG = current.log;

/** What a failed run prints: where to look for the servers' side of the failure. */
export const serverLogNotice = (log = E2E_SERVER_LOG) =>
  `The site's logs (API and web server) of this run are in ${log}`;
