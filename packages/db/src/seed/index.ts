/**
 * Deterministic demo data: the same `seed`, `now` and `lots` always give the
 * same rows, ids included. Times are relative to `now`, so a fresh seed always
 * has live auctions. Lots stream in chunks, so one million lots seed in
 * bounded memory.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { hashPassword } from '../passwords';
import * as t from '../schema/index';
import { allocateLots } from './allocate';
import { applyAuctionSettings } from './auction-settings';
import { DEMO_PASSWORD } from './demo-password';
import { type WrittenFiles, writeDemoFiles, writeLotTagPhotos } from './files/write-files';
import { generateAccounts } from './generate-accounts';
import { generateCatalog } from './generate-catalog';
import { generateEvents } from './generate-events';
import { generateLegacy } from './generate-legacy';
import { generateLots } from './generate-lots';
import { generateCms, generateFlags } from './generate-platform';
import { generateSellers } from './generate-sellers';
import { Highlights, SECTION_SIZE } from './highlights';
import { insertRows, insertTogetherSql, isDatabaseEmpty } from './insert';
import { Rng } from './random';
import { formatCount, formatDuration, HOUR_MS } from './text';

export { DEMO_PASSWORD } from './demo-password';
export { isDatabaseEmpty, resetDatabase } from './insert';
export { formatCount, formatDuration } from './text';

export const DEFAULT_SEED = 1;
export const DEFAULT_LOTS = 3000;
/** Lots generated and inserted per transaction. */
export const CHUNK_SIZE = 5000;

export interface SeedOptions {
  lots: number;
  /** Defaults to the current time rounded down to the hour. */
  now?: Date;
  /**
   * The moment of seeding: the closing-soon and opening-soon events are
   * relative to it (their lots end or open within the first hour). Defaults
   * to `now` when `now` is given (tests, reproducible seeds), else to the
   * database clock.
   */
  clock?: Date;
  /** When set, demo photos, logos and attachments are written under it. */
  filesDir?: string;
  seed?: number;
  log?: (message: string) => void;
}

export type SeedTable =
  | 'productCategories'
  | 'brands'
  | 'catalogProducts'
  | 'companies'
  | 'events'
  | 'eventTerms'
  | 'eventAttachments'
  | 'dispositionLocations'
  | 'eventLots'
  | 'lotPhotos'
  | 'legacyLots'
  | 'legacyLotBids'
  | 'users'
  | 'accounts'
  | 'userVars'
  | 'companyMembers'
  | 'addresses'
  | 'sandboxCards'
  | 'paymentMethods'
  | 'featureFlags'
  | 'cmsSections';

export interface SeedSummary {
  seed: number;
  now: Date;
  /** The moment the closing-soon and opening-soon events are relative to. */
  clock: Date;
  counts: Record<SeedTable, number>;
  files: WrittenFiles | null;
  elapsedMs: number;
}

export class SeedError extends Error {
  override name = 'SeedError';
}

export function defaultNow(): Date {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const lots = options.lots;
  if (!Number.isInteger(lots) || lots < 0) throw new SeedError(`lots must be a whole number ≥ 0, got ${lots}`);
  if (!(await isDatabaseEmpty(db))) {
    throw new SeedError('The database already has sellers or lots; reset it before seeding.');
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? defaultNow();
  const nowMs = now.getTime();
  const clock = options.clock ?? (options.now ? now : await databaseNow(db));
  const rng = new Rng(seed);

  // Each part draws from its own fork, so changing one part leaves the others' data alone.
  const catalog = generateCatalog(rng.fork('catalog'), seed, now);
  const sellers = generateSellers(rng.fork('sellers'), seed, now);
  const ev = generateEvents(rng.fork('events'), seed, nowMs, clock.getTime(), sellers, lots);
  const standaloneCount = allocateLots(rng.fork('allocation'), ev.plans, lots);
  applyAuctionSettings(rng.fork('auction-settings'), ev.plans, ev.events);

  const files = options.filesDir ? await writeDemoFiles(options.filesDir, catalog, sellers) : null;
  if (files) log(`Wrote ${files.photos} demo photos, ${files.logos} logos and ${files.attachments} attachments.`);

  const counts = {} as Record<SeedTable, number>;
  await db.transaction(async (tx) => {
    counts.productCategories = await insertRows(tx, t.productCategories, catalog.categories);
    counts.brands = await insertRows(tx, t.brands, catalog.brands);
    counts.catalogProducts = await insertRows(tx, t.catalogProducts, catalog.catalogProducts);
    counts.companies = await insertRows(
      tx,
      t.companies,
      sellers.map((s) => s.row),
    );
    counts.events = await insertRows(tx, t.events, ev.events);
    counts.eventTerms = await insertRows(tx, t.eventTerms, ev.terms);
    counts.eventAttachments = await insertRows(tx, t.eventAttachments, ev.attachments);
    counts.dispositionLocations = await insertRows(tx, t.dispositionLocations, ev.locations);
  });
  log(`Inserted ${counts.productCategories} categories, ${counts.companies} sellers and ${counts.events} events.`);

  counts.eventLots = 0;
  counts.lotPhotos = 0;
  const highlights = new Highlights(nowMs);
  const stream = generateLots({
    rng: rng.fork('lots'),
    seed,
    now: nowMs,
    catalog,
    sellers,
    plans: ev.plans,
    standaloneCount,
    chunkSize: CHUNK_SIZE,
    highlights,
  });
  // One statement per chunk (atomic on its own). The next chunk is generated
  // while PostgreSQL inserts the previous one: the only overlap we can get
  // from a single JavaScript thread.
  let lastReport = performance.now();
  let taggedPhotos = 0;
  let pending: Promise<unknown> | null = null;
  for (const chunk of stream) {
    if (pending) await pending;
    // Drizzle queries are lazy thenables that run on every then(): take one real promise.
    pending = db.execute(insertTogetherSql(t.eventLots, chunk.lots, t.lotPhotos, chunk.photos)).then(() => undefined);
    // A failure surfaces at the `await pending` above; this only stops Node
    // from reporting it as unhandled while the next chunk is being generated.
    pending.catch(() => {});
    // The chunk's tagged photos (each names its lot's number) are written while the database inserts its rows.
    if (options.filesDir && chunk.tags.length > 0)
      taggedPhotos += await writeLotTagPhotos(options.filesDir, catalog, chunk.tags);
    await new Promise((resolve) => setImmediate(resolve));
    counts.eventLots += chunk.lots.length;
    counts.lotPhotos += chunk.photos.length;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`  ${formatCount(counts.eventLots)} / ${formatCount(lots)} lots (${formatDuration(lastReport - started)})`);
    }
  }
  await pending;
  if (taggedPhotos > 0) log(`Wrote ${taggedPhotos} demo photos tagged with their lot's number.`);

  const legacy = generateLegacy(rng.fork('legacy'), seed, nowMs, catalog, sellers, lots);
  const platformRng = rng.fork('platform');
  const featured = sellers.filter((s) => s.row.featured).map((s) => s.row);
  const demo = generateAccounts(platformRng, seed, nowMs, featured, await hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    counts.legacyLots = await insertRows(tx, t.legacyLots, legacy.lots);
    counts.legacyLotBids = await insertRows(tx, t.legacyLotBids, legacy.bids);
    counts.users = await insertRows(tx, t.users, demo.users);
    counts.accounts = await insertRows(tx, t.accounts, demo.accounts);
    counts.userVars = await insertRows(tx, t.userVars, demo.vars);
    counts.companyMembers = await insertRows(tx, t.companyMembers, demo.members);
    counts.addresses = await insertRows(tx, t.addresses, demo.addresses);
    counts.sandboxCards = await insertRows(tx, t.sandboxCards, demo.sandboxCards);
    counts.paymentMethods = await insertRows(tx, t.paymentMethods, demo.paymentMethods);
    counts.featureFlags = await insertRows(tx, t.featureFlags, generateFlags(now));
    const cms = generateCms(seed, nowMs, {
      featuredCompanyIds: featured.map((s) => s.id),
      popularLotIds: highlights.popular.ids(),
      soldLotIds: highlights.sold.ids(),
      trendingLotIds: highlights.trending.ids(),
      catalogProductIds: platformRng.sample(catalog.catalogProducts, SECTION_SIZE).map((p) => p.id),
    });
    counts.cmsSections = await insertRows(tx, t.cmsSections, cms);
  });

  return { seed, now, clock, counts, files, elapsedMs: Math.round(performance.now() - started) };
}

async function databaseNow(db: Database): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  const [row] = (result as unknown as { rows: { now: Date | string }[] }).rows;
  return new Date(row?.now ?? Number.NaN);
}
