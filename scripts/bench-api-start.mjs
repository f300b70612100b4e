#!/usr/bin/env node
/**
 * npm run bench:api-start — the API's start time and memory, from its TypeScript sources through tsx (how it ran
 * in production before decision 0097, and how it runs in development) against its esbuild bundle under plain Node
 * (production now), in the same run on the same machine. Builds the bundle first, migrates one embedded database
 * once, then starts each way BENCH_API_START_ROUNDS times (default 5), alternating, on a copy of that database:
 * production settings with the sandbox payments, no seeding. Per start: milliseconds from spawn to "Server
 * listening", and the process's resident memory (VmRSS) after 20 requests to /healthz. Prints medians and the
 * bundle's figures as ratios of the sources'. Figures: docs/benchmarks.md.
 *
 *   npm run bench:api-start
 *   BENCH_API_START_ROUNDS=9 npm run bench:api-start
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { API_DIST, API_ENTRIES, buildApiIfNeeded } from './build-api.mjs';

const ROUNDS = Number(process.env.BENCH_API_START_ROUNDS ?? 5);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error(`BENCH_API_START_ROUNDS must be a positive whole number, got "${process.env.BENCH_API_START_ROUNDS}".`);
  process.exit(1);
}

const WAYS = {
  // tsx's loader in the serving process itself (node_modules/.bin/tsx would add a wrapper process beside it).
  sources: [process.execPath, ['--import', 'tsx', join(ROOT, API_ENTRIES.main)]],
  bundle: [process.execPath, ['--enable-source-maps', join(ROOT, API_DIST, 'main.js')]],
};

function envFor(dataDir) {
  return {
    PATH: process.env.PATH ?? '',
    API_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-api-start-secret-bench-api-start',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PAYMENTS_PROVIDER: 'sandbox',
  };
}

function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
}

/** Starts one way on `dataDir`; resolves to its start milliseconds and resident kB, and stops it. */
function startOnce([command, args], dataDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env: envFor(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('exit', (code) => {
      if (!done) reject(new Error(`the API exited (${code}) before listening:\n${err || out}`));
    });
    child.stdout.on('data', async (c) => {
      out += c;
      const origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (!origin || done) return;
      done = true;
      const ms = performance.now() - started;
      try {
        for (let i = 0; i < 20; i++) await (await fetch(`${origin}/healthz`)).arrayBuffer();
        const kb = rssKb(child.pid);
        child.once('exit', () => resolve({ ms, kb }));
        child.kill('SIGTERM');
      } catch (error) {
        child.kill('SIGKILL');
        reject(error);
      }
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

ensureInstalled();
await buildApiIfNeeded({ force: true });
const work = mkdtempSync(join(tmpdir(), 'lotline-bench-api-start-'));
try {
  const migrated = join(work, 'migrated');
  console.log('Migrating an empty embedded database once…');
  await startOnce(WAYS.bundle, migrated);
  const figures = { sources: [], bundle: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of round % 2 ? ['bundle', 'sources'] : ['sources', 'bundle']) {
      const dataDir = join(work, `${way}-${round}`);
      cpSync(migrated, dataDir, { recursive: true });
      figures[way].push(await startOnce(WAYS[way], dataDir));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (way) => ({
    ms: median(figures[way].map((f) => f.ms)),
    mb: median(figures[way].map((f) => f.kb)) / 1024,
  });
  const sources = row('sources');
  const bundle = row('bundle');
  console.log(`\nMedians of ${ROUNDS} starts each (production settings, migrated embedded database):\n`);
  console.log(`${'way'.padEnd(28)} ${'start ms'.padStart(9)} ${'RSS MB'.padStart(8)}`);
  console.log(
    `${'sources through tsx'.padEnd(28)} ${sources.ms.toFixed(0).padStart(9)} ${sources.mb.toFixed(0).padStart(8)}`,
  );
  console.log(
    `${'bundle under node'.padEnd(28)} ${bundle.ms.toFixed(0).padStart(9)} ${bundle.mb.toFixed(0).padStart(8)}`,
  );
  console.log(
    `${'bundle / sources'.padEnd(28)} ${(bundle.ms / sources.ms).toFixed(2).padStart(9)} ${(bundle.mb / sources.mb).toFixed(2).padStart(8)}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
