import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The API's metrics (decision 0095): one registry per app, since tests build several apps in one
 * process and each must count only its own requests; the Node process metrics (memory, CPU, event
 * loop, GC) are the process's, so they live once in a registry of their own, read beside it.
 */

/** Counts of the bid decisions the engine made; a retry answered from its stored first answer is not one. */
export interface BidOutcomes {
  accepted(): void;
  /** `code`: the refusal's error code (a bounded set: the codes the engine and its checks throw). */
  refused(code: string): void;
}

/** Looks in a cache: a hit needs no work, a miss does it. */
export interface CacheLookups {
  hit(): void;
  miss(): void;
}

export interface AppMetrics {
  registry: Registry;
  bids: BidOutcomes;
  imageCache: CacheLookups;
}

let processRegistry: Registry | undefined;

/** The Node process metrics, collected once per process on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const accepted = new Counter({ name: 'lotline_bids_accepted_total', help: 'Bids placed', registers });
  const refused = new Counter({
    name: 'lotline_bids_refused_total',
    help: 'Bids refused, by error code',
    labelNames: ['code'],
    registers,
  });
  const lookups = new Counter({
    name: 'lotline_image_cache_lookups_total',
    help: 'Resized photo variants asked for: hit (on disk, or an encode already running), miss (encoded now)',
    labelNames: ['result'],
    registers,
  });
  return {
    registry,
    bids: { accepted: () => accepted.inc(), refused: (code) => refused.inc({ code }) },
    imageCache: { hit: () => lookups.inc({ result: 'hit' }), miss: () => lookups.inc({ result: 'miss' }) },
  };
}

/** The exposition text: the process's metrics, then the app's. */
export async function renderMetrics(metrics: AppMetrics): Promise<{ contentType: string; text: string }> {
  const own = await metrics.registry.metrics();
  const process = await processMetrics().metrics();
  return { contentType: metrics.registry.contentType, text: `${process}\n${own}` };
}
