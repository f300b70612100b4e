// `npm start`: install if needed, build the web app if needed (and in production the API), then run the
// API (which migrates, and seeds an empty database) and the web server, and
// stop both cleanly on Ctrl-C. The API runs from its build under Node in production, from its sources through tsx
// elsewhere (decision 0097).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiCommand } from './api-command.mjs';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { buildWebIfNeeded } from './build-web.mjs';
import { siteSettings, webServerEnv } from './site-settings.mjs';

let settings;
try {
  settings = siteSettings(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const { apiPort, apiUrl, publicUrl, webProbeUrl, nodeEnv } = settings;

ensureInstalled();
buildWebIfNeeded();
const [apiRunner, apiArgs] = await apiCommand('main', nodeEnv);

const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, 'data'));

const children = new Set();
let stopping = false;

function run(name, command, args, env, cwd = ROOT) {
  const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping Lotline.`);
    void stop(code || 1);
  });
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (children.size > 0 && Date.now() < deadline) await sleep(100);
  for (const child of children) child.kill('SIGKILL');
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitFor(url, what) {
  const deadline = Date.now() + 10 * 60_000;
  while (!stopping && Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  if (!stopping) {
    console.error(`${what} did not become ready in time.`);
    await stop(1);
  }
}

run('The API', apiRunner, apiArgs, {
  API_PORT: String(apiPort),
  DATA_DIR: dataDir,
  PUBLIC_ORIGIN: publicUrl,
  // Demo data only in development: a production API refuses it anyway (decision 0025).
  SEED_IF_EMPTY: process.env.SEED_IF_EMPTY ?? (nodeEnv === 'production' ? 'false' : 'true'),
  // `npm start` is a newcomer's machine: the mail outbox page needs a non-production API.
  // A deployment sets NODE_ENV=production itself (and with it AUTH_SECRET, SMTP_URL and the Stripe keys, decision 0066).
  NODE_ENV: nodeEnv,
  // The API's only proxy is the web server on this machine; a front proxy is the web server's TRUST_PROXY.
  TRUST_PROXY: 'loopback',
});
await waitFor(`${apiUrl}/healthz`, 'The API');

// apps/web/server.mjs: Next.js behind a Node server that settles the client's address (decision 0027).
// Next resolves next.config.ts imports relative to its working directory.
// Listens on HOST only (loopback unless set, decision 0025).
run(
  'The web server',
  process.execPath,
  [join(ROOT, 'apps/web/server.mjs')],
  {
    ...webServerEnv(settings),
    API_URL: apiUrl,
    PUBLIC_ORIGIN: publicUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
  },
  join(ROOT, 'apps/web'),
);
await waitFor(`${webProbeUrl}/marketplace/lots`, 'The web server');
if (!stopping) console.log(`\nLotline is running at ${publicUrl}/marketplace/lots (Ctrl-C to stop)\n`);
