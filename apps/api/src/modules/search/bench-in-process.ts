/**
 * Used only by `npm run bench:search` (scripts/bench-search.mjs): runs the
 * bench's request mix through `searchLots` over a pg pool, without HTTP, and
 * prints one JSON line of results, so the script can compare the two.
 */
import { lotSearchQuerystring } from '@lotline/contracts';
import { openDatabase } from '@lotline/db';
import { searchLots } from './search-lots';

const mix: string[] = JSON.parse(process.env.BENCH_MIX ?? '[]');
const total = Number(process.env.BENCH_REQUESTS ?? 300);
const clients = Number(process.env.BENCH_CLIENTS ?? 4);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
const params = mix.map((q) => lotSearchQuerystring.parse(Object.fromEntries(new URLSearchParams(q))));

async function run(label: string, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total && performance.now() - started < 60_000) {
      const p = params[next++ % params.length];
      if (!p) continue;
      const t0 = performance.now();
      await searchLots(handle.db, p, {}, { facets: true });
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    label,
    clients: concurrency,
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: sorted.length / seconds,
  };
}

const results = [await run('in-process, 1 client', 1), await run(`in-process, ${clients} clients`, clients)];
await handle.close();
console.log(JSON.stringify(results));
