import type { FastifyBaseLogger } from 'fastify';
import type { Gauge } from 'prom-client';

/**
 * One database read shared by the gauges a scrape collects together: prom-client calls every gauge's
 * collect in the same tick, so the ones that ask while the read is in flight join it; the next scrape
 * reads afresh.
 */
export function scrapeRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * Sets a gauge from a read at scrape time. A failed read (the database down) empties the gauge
 * rather than failing the whole scrape or keeping a stale number; it is logged at warn.
 */
export async function setFrom<T>(
  gauge: Gauge,
  read: () => Promise<T>,
  set: (value: T) => void,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const value = await read();
    gauge.reset();
    set(value);
  } catch (err) {
    gauge.reset();
    log.warn({ err, metric: (gauge as unknown as { name: string }).name }, 'metrics: could not read a gauge');
  }
}
