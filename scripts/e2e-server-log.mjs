// Where the browser tests' site (API and web server, started by
// e2e/playwright.config.ts) writes its logs, so that their request lines do
// not flood the test output; a failed run points here (decision 0025).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The browser tests' data directory, emptied at the start of every run. */
export const E2E_DATA_DIR = join(ROOT, 'data', 'e2e');
/** Written afresh on every run that starts its own site. */
export const E2E_SERVER_LOG = join(E2E_DATA_DIR, 'server.log');

/** What a failed run prints: where to look for the servers' side of the failure. */
export const serverLogNotice = () => `The site's logs (API and web server) of this run are in ${E2E_SERVER_LOG}`;
