// The parts of scale:test's cluster (decision 0099), all on loopback in one scratch directory: a PostgreSQL primary
// and a streaming replica made with pg_basebackup (Debian's PostgreSQL 15), HAProxy with deploy/haproxy.cfg (the
// operator's file, its addresses moved to loopback), and the API and web processes from their production builds.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ROOT } from '../bootstrap.mjs';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const IS_ROOT = process.getuid?.() === 0;

/** A PostgreSQL program's command line, as `postgres` when we are root (the server refuses root). */
function pgCommand(program, args) {
  return IS_ROOT
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
}

function pgRun(program, args) {
  const [command, argv] = pgCommand(program, args);
  return execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** The same without blocking this process: requests keep flowing while it runs. */
async function pgRunAsync(program, args) {
  const [command, argv] = pgCommand(program, args);
  return (await promisify(execFile)(command, argv)).stdout;
}

export function requireTools() {
  const missing = [];
  if (!existsSync(join(PG_BIN, 'initdb'))) missing.push('postgresql (Debian: apt-get install postgresql)');
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    missing.push('haproxy (Debian: apt-get install haproxy)');
  }
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    missing.push('openssl');
  }
  if (missing.length) throw new Error(`scale:test needs ${missing.join(', ')}`);
}

/** A PostgreSQL cluster in `dir` on `port`: `start`, `stop`, `restart`, its URL. */
export function postgresCluster(dir, port) {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const data = join(dir, 'data');
  const ctlArgs = (args) => ['-D', data, '-l', join(dir, 'server.log'), ...args];
  const pgctl = (...args) => pgRun('pg_ctl', ctlArgs(args));
  return {
    data,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    init() {
      if (IS_ROOT) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
      pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    },
    /** A streaming replica of `primary`: its base backup with `-R` (standby.signal and the connection settings). */
    baseBackupFrom(primaryPort) {
      if (IS_ROOT) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
      // A fast checkpoint: the default spread one would wait minutes for the primary's next checkpoint.
      const flags = '-h 127.0.0.1 -U postgres -R -X stream --checkpoint=fast'.split(' ');
      pgRun('pg_basebackup', [...flags, '-p', String(primaryPort), '-D', data]);
    },
    start: () => pgctl('-o', options, '-w', 'start'),
    stop: () => pgctl('-m', 'fast', '-w', 'stop'),
    /** Asynchronous: the caller's requests go on while the server stops and starts. */
    restart: () => pgRunAsync('pg_ctl', ctlArgs(['-o', options, '-m', 'fast', '-w', 'restart'])),
    /** Down for `ms` (stopped fast, then started again); asynchronous like `restart`. */
    async outage(ms) {
      await pgRunAsync('pg_ctl', ctlArgs(['-m', 'fast', '-w', 'stop']));
      await new Promise((resolve) => setTimeout(resolve, ms));
      await pgRunAsync('pg_ctl', ctlArgs(['-o', options, '-w', 'start']));
    },
  };
}

const idOf = (flag, name) => Number(execFileSync('id', [flag, name]).toString().trim());
const uidOf = (name) => idOf('-u', name);
const gidOf = (name) => idOf('-g', name);

/**
 * deploy/haproxy.cfg with its example addresses replaced by loopback ports, the certificate and the stats socket
 * in `dir`, the log on standard output. Each replacement must match: a changed deploy file fails here, loudly.
 */
export function haproxyConfig(dir, ports) {
  let text = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const replace = (from, to) => {
    if (!from.test(text)) throw new Error(`deploy/haproxy.cfg no longer has ${from}: update scripts/scale/cluster.mjs`);
    text = text.replace(from, to);
  };
  replace(/^\s*log \/dev\/log local0$/m, '    log stdout format short local0');
  replace(/^\s*user haproxy\n\s*group haproxy\n/m, '');
  replace(/stats socket \/run\/haproxy\/admin\.sock/, `stats socket ${join(dir, 'admin.sock')}`);
  replace(/bind :80\n/, `bind 127.0.0.1:${ports.http}\n`);
  replace(/bind :443 ssl crt \S+/, `bind 127.0.0.1:${ports.https} ssl crt ${join(dir, 'lotline.pem')}`);
  replace(/bind 10\.0\.0\.10:3901/, `bind 127.0.0.1:${ports.feApi}`);
  replace(
    /^\s*server web1 .*\n\s*server web2 .*$/m,
    ports.web.map((p, i) => `    server web${i + 1} 127.0.0.1:${p} check`).join('\n'),
  );
  replace(
    /^\s*server api1 .*\n\s*server api2 .*$/m,
    ports.api.map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`).join('\n'),
  );
  replace(
    /^\s*server live1 .*\n\s*server live2 .*$/m,
    ports.api.map((p, i) => `    server live${i + 1} 127.0.0.1:${p} track be_api/api${i + 1}`).join('\n'),
  );
  const path = join(dir, 'haproxy.cfg');
  writeFileSync(path, text);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  writeFileSync(
    join(dir, 'lotline.pem'),
    readFileSync(join(dir, 'cert.pem'), 'utf8') + readFileSync(join(dir, 'key.pem'), 'utf8'),
  );
  execFileSync('haproxy', ['-c', '-q', '-f', path]);
  return path;
}

/** A child process whose output goes to `log`; `kill(signal)` by its own PID, `exited` resolves with its code. */
export function startProcess(name, command, args, { env, cwd = ROOT, log }) {
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const onData = (chunk) => {
    out.write(chunk);
    if (seen.length < 200_000) seen += chunk;
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return {
    name,
    child,
    exited,
    output: () => seen,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `url` until it answers `status` (default 200), or throws after `ms`. */
export async function waitForUrl(url, what, ms = 120_000, status = 200) {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  throw new Error(`${what} did not answer ${status} at ${url} within ${ms / 1000} s (last: ${last})`);
}

/** HAProxy's servers and their status ("UP", "DOWN", …) from its stats socket (`show stat`). */
export function haproxyServers(socket) {
  return new Promise((resolve, reject) => {
    let csv = '';
    const conn = createConnection(socket, () => conn.end('show stat\n'));
    conn.on('data', (chunk) => {
      csv += chunk;
    });
    conn.on('error', reject);
    conn.on('end', () => {
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = (header ?? '').split(',');
      const at = (row, name) => row.split(',')[columns.indexOf(name)];
      resolve(
        rows
          .filter((row) => !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
          .map((row) => ({ name: `${at(row, 'pxname')}/${at(row, 'svname')}`, status: at(row, 'status') })),
      );
    });
  });
}

/** Waits until HAProxy has every server UP (its checks need `rise` successes after a start), or throws. */
export async function waitForServersUp(socket, ms = 60_000) {
  const until = Date.now() + ms;
  let servers = [];
  while (Date.now() < until) {
    try {
      servers = await haproxyServers(socket);
      if (servers.length > 0 && servers.every((s) => s.status === 'UP')) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`HAProxy's servers are not all UP: ${servers.map((s) => `${s.name} ${s.status}`).join(', ')}`);
}

/** `count` ports free on loopback now (each listened on once by the system's choice, then released). */
export async function freePorts(count) {
  const ports = [];
  const servers = [];
  for (let i = 0; i < count; i++) {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    ports.push(server.address().port);
  }
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  return ports;
}
