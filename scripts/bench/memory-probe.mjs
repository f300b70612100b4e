/**
 * Preloaded into the API process by live-fanout.mjs (node --import): on
 * SIGUSR2 it collects garbage (with --expose-gc) and prints the process's
 * memory on one marked line of stdout, so the bench can read the heap as well
 * as the RSS from outside. Nothing else.
 */
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  process.stdout.write(`@@memory ${JSON.stringify({ rss, heapUsed, heapTotal, external })}\n`);
});
