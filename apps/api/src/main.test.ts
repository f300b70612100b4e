import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DIST, buildApi } from '../../../scripts/build-api.mjs';

/** The real entry point in a child process: what an operator sees. */

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The production build's entry points (decision 0097): plain JavaScript, run by Node without tsx. */
const BUILT = (entry: string) => path.join(ROOT, API_DIST, `${entry}.js`);
const children: ChildProcess[] = [];
const dirs: string[] = [];

function start(env: Record<string, string>, script = MAIN, args: string[] = [], stdin?: string) {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    // Only what the test sets: an inherited DATABASE_URL or FEATURE_* must not leak in.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end(stdin);
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c) => {
    stdout += c;
  });
  child.stderr?.on('data', (c) => {
    stderr += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitFor<T>(fn: () => T | undefined, ms: number): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

afterAll(async () => {
  // Only the children this file started, by their own handle.
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

// Every process this file starts runs on a data directory of its own (the embedded database) whatever database the
// run uses, so on PostgreSQL it would repeat itself exactly (about 90 s of CI's PostgreSQL pass); CI's PGlite pass
// runs it, as it does db-backup.test.ts. PostgreSQL's processes are scale:test's.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('main', () => {
  it('exits 1 with a plain list of problems on invalid configuration', async () => {
    const p = start({ API_PORT: 'nope', FEATURE_WARP: 'on' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('Invalid configuration');
    expect(p.err()).toContain('API_PORT');
    expect(p.err()).toContain('FEATURE_WARP');
    expect(p.err()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('refuses a production start without the Stripe keys, naming them, before touching the data directory', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'lotline-main-')), 'data');
    dirs.push(path.dirname(dataDir));
    const p = start({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-secret-production-secret-1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required');
    expect(p.err()).toContain('PAYMENTS_PROVIDER=sandbox');
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('serves, is ready, drains on SIGTERM (/readyz 503), then shuts down cleanly and releases the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lotline-main-'));
    dirs.push(dataDir);
    const p = start({ API_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: '2' });
    const origin = await waitFor(() => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(p.out())?.[1], 60_000);
    const health = await fetch(`${origin}/healthz`);
    expect(await health.json()).toEqual({ status: 'success', data: { ok: true, db: 'up' } });
    // Database, migrations and the job runner: all there once it listens.
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    expect(existsSync(path.join(dataDir, 'lotline.lock'))).toBe(true);

    p.child.kill('SIGTERM');
    await waitFor(() => (p.out().includes('shutting down') ? true : undefined), 10_000);
    const draining = await fetch(`${origin}/readyz`);
    expect(draining.status).toBe(503);
    expect(draining.headers.get('retry-after')).toBe('5');
    expect(await p.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'lotline.lock'))).toBe(false);
  }, 90_000);

  it('seeds an empty database once, keeps the data across restarts, and refuses a second process', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lotline-main-'));
    dirs.push(dataDir);
    const env = { API_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_IF_EMPTY: 'true', SEED_LOTS: '150' };
    const listening = (p: ReturnType<typeof start>) =>
      waitFor(() => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(p.out())?.[1], 90_000);
    const totalLots = async (origin: string) => {
      const res = await fetch(`${origin}/marketplace/api/event/event-lots?pageSize=1`);
      return ((await res.json()) as { data: { pagination: { totalItems: number } } }).data.pagination.totalItems;
    };

    const first = start(env);
    const firstOrigin = await listening(first);
    expect(first.out()).toContain('seeding 150 demo lots');
    expect(first.out()).toMatch(/Demo bids: \d+ bids/);
    const seeded = await totalLots(firstOrigin);
    expect(seeded).toBeGreaterThan(0);

    // PGlite is single-process: a second instance must stop with a clear message, not open the files.
    const second = start(env);
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain(`The data directory ${dataDir} is already in use by another Lotline process`);
    expect(await totalLots(firstOrigin)).toBe(seeded);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const restarted = start(env);
    const restartedOrigin = await listening(restarted);
    expect(restarted.out()).not.toContain('seeding');
    expect(await totalLots(restartedOrigin)).toBe(seeded);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 180_000);

  it('in production runs its build: never the demo data or the mail outbox, and it says how to create the first staff user', async () => {
    await buildApi(ROOT);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lotline-main-'));
    dirs.push(dataDir);
    const env = {
      API_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SEED_IF_EMPTY: 'true',
      SEED_LOTS: '150',
      AUTH_SECRET: 'production-secret-production-secret-1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      // No Stripe account here: the sandbox on purpose, as a staging site runs (decision 0066).
      PAYMENTS_PROVIDER: 'sandbox',
    };
    const listening = (p: ReturnType<typeof start>) =>
      waitFor(() => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(p.out())?.[1], 90_000);
    const signIn = (origin: string, email: string, password: string) =>
      fetch(`${origin}/marketplace-api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });

    const first = start(env, BUILT('main'));
    const origin = await listening(first);
    expect(first.out()).toContain('SEED_IF_EMPTY is ignored in production');
    expect(first.out()).toContain('npm run create-staff -- --email');
    expect(first.out()).not.toContain('seeding');
    // JSON log lines in production.
    expect(
      first
        .out()
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('{')),
    ).toBe(true);
    expect((await signIn(origin, 'buyer@example.com', 'lotline-demo-2026')).status).toBe(401);
    expect((await signIn(origin, 'staff@example.com', 'lotline-demo-2026')).status).toBe(401);
    expect((await fetch(`${origin}/marketplace-api/dev/outbox`)).status).toBe(404);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const handle = await openDatabase({ dataDir });
    try {
      expect(await handle.db.select({ id: users.id }).from(users)).toEqual([]);
    } finally {
      await handle.close();
    }

    const cli = start(
      env,
      BUILT('create-staff'),
      ['--email', 'ops@lotline.example', '--name', 'Ops'],
      'first-operator-pass\n',
    );
    expect(await cli.exited).toBe(0);
    expect(cli.out()).toContain('Created the staff user ops@lotline.example');

    const second = start(env, BUILT('main'));
    const secondOrigin = await listening(second);
    expect(second.out()).not.toContain('npm run create-staff');
    const res = await signIn(secondOrigin, 'ops@lotline.example', 'first-operator-pass');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { user: { roles: string[] } } }).data.user.roles).toEqual(['staff', 'admin']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
