// The cluster of docs/deploy.md on one machine, started for scale:test and bench:load (decision 0099): a
// PostgreSQL primary and a streaming replica (pg_basebackup), the data written once by the caller's `seed`, then
// 2 API processes (their production build) and 2 web processes behind HAProxy with deploy/haproxy.cfg (TLS,
// loopback ports). `stop()` ends every process and cluster it started, by its own handle, once; so do Ctrl-C and
// SIGTERM.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureInstalled, ROOT } from '../bootstrap.mjs';
import { API_DIST, buildApiIfNeeded } from '../build-api.mjs';
import { buildWebIfNeeded } from '../build-web.mjs';
import {
  freePorts,
  haproxyConfig,
  postgresCluster,
  requireTools,
  startProcess,
  waitForServersUp,
  waitForUrl,
} from './cluster.mjs';

const FILE_LIMIT = 200_000;
let canRaiseFileLimit;

/**
 * A command with the file-descriptor limit of deploy/systemd's units (LimitNOFILE) where this machine lets us
 * raise it (root with CAP_SYS_RESOURCE; a container may refuse even root): thousands of live streams hold two
 * descriptors each in HAProxy. Otherwise the command as it is, with the limit it inherits.
 */
function withFileLimit(command, args) {
  if (canRaiseFileLimit === undefined) {
    try {
      execFileSync('prlimit', [`--nofile=${FILE_LIMIT}:${FILE_LIMIT}`, 'true'], { stdio: 'ignore' });
      canRaiseFileLimit = true;
    } catch {
      canRaiseFileLimit = false;
    }
  }
  return canRaiseFileLimit ? ['prlimit', [`--nofile=${FILE_LIMIT}:${FILE_LIMIT}`, command, ...args]] : [command, args];
}

/** One query on a connection of its own (the callers' checks run beside the cluster's pools). */
export async function queryOne(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Starts the cluster. `seed({ cluster, log })` fills the primary's `lotline` database before the API processes
 * start; `apiEnv` is added to each API process's environment; `name` prefixes the scratch directory. Resolves
 * to the cluster: `origin` (the balancer, HTTPS with a certificate made for the run), `ports`, `dir`, `primary`
 * and `replica` (postgresCluster handles), `apis` (the API processes; `startApi(i)` starts one again), `stop()`
 * and `remove()` (the scratch directory).
 */
export async function startCluster({ name = 'scale', seed, apiEnv = {}, log = console.log } = {}) {
  ensureInstalled();
  requireTools();
  await buildApiIfNeeded();
  buildWebIfNeeded();
  // Ports the system has free now: fixed ones could be taken by another run or by outgoing connections.
  const [pgPort, replicaPort, http, https, feApi, api1, api2, web1, web2] = await freePorts(9);
  const ports = { pg: pgPort, replica: replicaPort, http, https, feApi, api: [api1, api2], web: [web1, web2] };
  const origin = `https://127.0.0.1:${ports.https}`;
  // The balancer's certificate is made for this run.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

  const dir = mkdtempSync(join(tmpdir(), `lotline-${name}-`));
  // PostgreSQL runs as `postgres` when we are root: it must reach its directories inside.
  chmodSync(dir, 0o755);
  const processes = [];
  const primary = postgresCluster(join(dir, 'primary'), ports.pg);
  const replica = postgresCluster(join(dir, 'replica'), ports.replica);
  const up = { primary: false, replica: false };
  const env = {
    AUTH_SECRET: 'scale-test-secret-scale-test-secret-0099',
    DATABASE_URL: primary.url('lotline'),
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };

  let stopped = false;
  const cluster = {
    origin,
    ports,
    dir,
    env,
    primary,
    replica,
    apis: [],
    processes,
    /** The API process `i` (0 or 1), from its production build; started again after a kill. */
    startApi(i) {
      const p = startProcess(
        `api${i + 1}`,
        ...withFileLimit(process.execPath, ['--enable-source-maps', join(ROOT, API_DIST, 'main.js')]),
        {
          env: {
            ...env,
            NODE_ENV: 'production',
            API_HOST: '127.0.0.1',
            API_PORT: String(ports.api[i]),
            DATA_DIR: join(dir, `api${i + 1}`),
            PAYMENTS_PROVIDER: 'sandbox',
            // Nothing listens there: mail jobs fail and retry, as they would while a mail server is down.
            SMTP_URL: 'smtp://127.0.0.1:9',
            SHUTDOWN_DRAIN_SECONDS: '0',
            // Search reads the replica while it is at most this far behind (decision 0101).
            DATABASE_READ_URL: replica.url('lotline'),
            ...apiEnv,
          },
          log: join(dir, `api${i + 1}.log`),
        },
      );
      processes.push(p);
      cluster.apis[i] = p;
      return p;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const p of [...processes].reverse()) await p.kill('SIGTERM');
      for (const [running, pgCluster] of [
        [up.replica, replica],
        [up.primary, primary],
      ]) {
        if (!running) continue;
        try {
          pgCluster.stop();
        } catch (error) {
          console.error(`could not stop a PostgreSQL cluster: ${error.message}`);
        }
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  // Ctrl-C or a CI timeout: no PostgreSQL, HAProxy or Node process is left behind.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      console.error(`\n${signal}: stopping the cluster (logs in ${dir})`);
      await cluster.stop();
      process.exit(1);
    });
  }

  try {
    log('\n— PostgreSQL: a primary and a streaming replica');
    mkdirSync(join(dir, 'primary'));
    mkdirSync(join(dir, 'replica'));
    primary.init();
    primary.start();
    up.primary = true;
    await queryOne(primary.url(), 'create database lotline');
    replica.baseBackupFrom(ports.pg);
    replica.start();
    up.replica = true;
    const [recovery] = await queryOne(replica.url(), 'select pg_is_in_recovery() as standby');
    cluster.replicaIsStandby = recovery.standby === true;

    await seed({ cluster, log });

    log('\n— 2 API processes and 2 web processes behind HAProxy');
    cluster.startApi(0);
    cluster.startApi(1);
    for (const [i, p] of ports.api.entries()) await waitForUrl(`http://127.0.0.1:${p}/readyz`, `api${i + 1}`);
    for (const [i, port] of ports.web.entries()) {
      processes.push(
        startProcess(`web${i + 1}`, ...withFileLimit(process.execPath, [join(ROOT, 'apps/web/server.mjs')]), {
          cwd: join(ROOT, 'apps/web'),
          env: {
            NODE_ENV: 'production',
            NEXT_TELEMETRY_DISABLED: '1',
            HOST: '127.0.0.1',
            PORT: String(port),
            API_URL: `http://127.0.0.1:${ports.feApi}`,
            PUBLIC_ORIGIN: origin,
            TRUST_PROXY: 'loopback',
          },
          log: join(dir, `web${i + 1}.log`),
        }),
      );
    }
    processes.push(
      startProcess('haproxy', ...withFileLimit('haproxy', ['-db', '-f', haproxyConfig(join(dir), ports)]), {
        env: {},
        log: join(dir, 'haproxy.log'),
      }),
    );
    for (const [i, port] of ports.web.entries()) await waitForUrl(`http://127.0.0.1:${port}/healthz`, `web${i + 1}`);
    await waitForServersUp(join(dir, 'admin.sock'));
    await waitForUrl(`${origin}/healthz`, 'the site through the balancer', 120_000);
  } catch (error) {
    await cluster.stop();
    error.message += ` (logs in ${dir})`;
    throw error;
  }
  return cluster;
}

/** scale:test's seed: the demo data of a development API process (its demo steps included), started once. */
export function demoSeed(lots) {
  return async ({ cluster, log }) => {
    log('\n— Demo data, through a development API once');
    const seeder = startProcess('seeder', process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')], {
      env: {
        ...cluster.env,
        API_PORT: String(cluster.ports.api[0]),
        DATA_DIR: join(cluster.dir, 'seed'),
        SEED_IF_EMPTY: 'true',
        SEED_LOTS: String(lots),
      },
      log: join(cluster.dir, 'seeder.log'),
    });
    cluster.processes.push(seeder);
    await waitForUrl(`http://127.0.0.1:${cluster.ports.api[0]}/healthz`, 'the seeding API', 240_000);
    await seeder.kill('SIGTERM');
  };
}
