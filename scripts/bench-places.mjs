#!/usr/bin/env node
/**
 * npm run bench:places — what the shipped gazetteer costs the API process:
 * the time to read, unzip and index it, the heap and RSS it adds, and the
 * time per suggestion and nearest-place lookup. Figures: docs/benchmarks.md.
 */
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const { shippedGazetteer } = await tsImport('../apps/api/src/modules/places/gazetteer.ts', import.meta.url);
const { searchPlaces } = await tsImport('../apps/api/src/modules/places/search-places.ts', import.meta.url);

const gc = globalThis.gc ?? (() => {});
gc();
const before = process.memoryUsage();
const t0 = performance.now();
const g = shippedGazetteer();
const loadMs = performance.now() - t0;
gc();
const after = process.memoryUsage();
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`places: ${g.places.length}`);
console.log(`load (read + gunzip + parse + index): ${loadMs.toFixed(0)} ms`);
console.log(`heap used +${mb(after.heapUsed - before.heapUsed)}, rss +${mb(after.rss - before.rss)}`);

function perCall(label, n, fn) {
  const start = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  console.log(`${label}: ${(((performance.now() - start) / n) * 1000).toFixed(1)} µs per call`);
}
const queries = ['ho', 'Hous', 'san', 'Springfield, m', 'Toronto, ON, CA', 'montreal', 'st'];
perCall('suggestions (limit 8)', 20_000, (i) => searchPlaces(g, { q: queries[i % queries.length], limit: 8 }));
perCall('nearest', 20_000, (i) => g.nearest(25 + (i % 40), -120 + (i % 60)));
