import {
  SITEMAP_PAGE_SIZE,
  type SitemapIndexResponse,
  type SitemapKind,
  type SitemapPageResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts, companies, eventLots, events, legacyLots, productCategories } from '@lotline/db/schema';
import { and, asc, count, eq, gte, isNotNull, isNull, lt, max, min, not, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publicEventCondition, publicLotCondition } from '../lots/visibility';

/**
 * The documents of the sitemaps (decision 0023), a page of at most
 * SITEMAP_PAGE_SIZE at a time.
 *
 * Lots, the one kind that grows to millions, are cut along `event_lots.ordinal`
 * (an identity column with a unique index): page k is the range
 * [first + (k-1)·size, first + k·size) of it, so the page count needs only the
 * smallest and largest ordinal (two index probes) and a page is one index range
 * scan, wherever it lies; no OFFSET walks past the pages before it. Hidden
 * lots and gaps leave a page short, never long. The other kinds number in the
 * thousands and are read in id order with LIMIT/OFFSET.
 */

/** The lots whose page the lot route answers (spec §5: not hidden, not in a draft event). */
function sitemapLotCondition(): SQL {
  // Several lots may share a parent id, and the URL carries it when a lot has
  // no marketplace-2 id; the lot route then shows the first of them by
  // sequence (lots/resolve-lot-ids.ts), so only that one is listed.
  const earlierSibling = sql`exists (select 1 from ${eventLots} as sibling
    where sibling.parent_id = ${eventLots.parentId}
    and ${publicLotCondition({ hidden: sql`sibling.hidden_from_marketplace`, eventId: sql`sibling.event_id` })}
    and (sibling.sequence, sibling.id) < (${eventLots.sequence}, ${eventLots.id}))`;
  return and(
    publicLotCondition(),
    or(isNotNull(eventLots.mp2Id), isNull(eventLots.parentId), not(earlierSibling)),
  ) as SQL;
}

const publicEvent = publicEventCondition();
const listedCategory = and(eq(productCategories.status, 'active'), eq(productCategories.type, 'regular')) as SQL;

async function lotOrdinalRange(db: Database): Promise<{ first: number; last: number } | undefined> {
  const [row] = await db.select({ first: min(eventLots.ordinal), last: max(eventLots.ordinal) }).from(eventLots);
  if (row?.first == null || row.last == null) return undefined;
  return { first: Number(row.first), last: Number(row.last) };
}

export async function getSitemapIndex(db: Database, pageSize = SITEMAP_PAGE_SIZE): Promise<SitemapIndexResponse> {
  const countOf = async (query: Promise<{ n: number }[]>) => Math.ceil(((await query)[0]?.n ?? 0) / pageSize);
  const [range, legacy, eventPages, sellers, products, categories] = await Promise.all([
    lotOrdinalRange(db),
    countOf(db.select({ n: count() }).from(legacyLots)),
    countOf(db.select({ n: count() }).from(events).where(publicEvent)),
    countOf(db.select({ n: count() }).from(companies)),
    countOf(db.select({ n: count() }).from(catalogProducts)),
    countOf(db.select({ n: count() }).from(productCategories).where(listedCategory)),
  ]);
  return {
    pageSize,
    pages: {
      lots: range ? Math.floor((range.last - range.first) / pageSize) + 1 : 0,
      'legacy-lots': legacy,
      events: eventPages,
      sellers,
      'catalog-products': products,
      categories,
    },
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The latest of `times` that is not in the future (the first is always taken: a creation time). */
function latestPast([first, ...rest]: [Date, ...Date[]], now: Date): Date {
  return rest.reduce((latest, t) => (t <= now && t > latest ? t : latest), first);
}

/** One page of one kind; a page past the last is NOT_FOUND. `pageSize` is smaller only in tests. */
export async function getSitemapPage(
  db: Database,
  kind: SitemapKind,
  page: number,
  options: { now?: Date; pageSize?: number } = {},
): Promise<SitemapPageResponse> {
  const { now = new Date(), pageSize = SITEMAP_PAGE_SIZE } = options;
  const result = await readPage(db, kind, page, pageSize, now);
  // Page 1 always exists (an empty sitemap is valid); later pages only within range.
  if (result === undefined || (page > 1 && result.entries.length === 0 && kind !== 'lots')) {
    throw AppError.notFound('No such sitemap page');
  }
  return result;
}

async function readPage(
  db: Database,
  kind: SitemapKind,
  page: number,
  pageSize: number,
  now: Date,
): Promise<SitemapPageResponse | undefined> {
  const offset = (page - 1) * pageSize;
  switch (kind) {
    case 'lots': {
      const range = await lotOrdinalRange(db);
      const from = (range?.first ?? 1) + offset;
      if (page > 1 && (!range || from > range.last)) return undefined;
      const rows = await db
        .select({
          _id: eventLots.id,
          mp2Id: eventLots.mp2Id,
          parentId: eventLots.parentId,
          name: eventLots.name,
          updatedAt: eventLots.updatedAt,
        })
        .from(eventLots)
        .where(and(gte(eventLots.ordinal, from), lt(eventLots.ordinal, from + pageSize), sitemapLotCondition()))
        .orderBy(asc(eventLots.ordinal));
      return {
        kind,
        entries: rows.map(({ updatedAt, ...r }) => ({ ...r, lastmod: iso(updatedAt) })),
      };
    }
    case 'legacy-lots': {
      // Imported and read-only (schema/legacy.ts): they last changed when imported.
      const rows = await db
        .select({
          id: legacyLots.id,
          title: legacyLots.title,
          title_seo: legacyLots.titleSeo,
          createdAt: legacyLots.createdAt,
        })
        .from(legacyLots)
        .orderBy(asc(legacyLots.id))
        .limit(pageSize)
        .offset(offset);
      return { kind, entries: rows.map(({ createdAt, ...r }) => ({ ...r, lastmod: iso(createdAt) })) };
    }
    case 'events': {
      // The page changes when the event is created, opens and ends (its countdown and state).
      const rows = await db
        .select({
          _id: events.id,
          name: events.name,
          createdAt: events.createdAt,
          startAt: events.startAt,
          endAt: events.endAt,
        })
        .from(events)
        .where(publicEvent)
        .orderBy(asc(events.id))
        .limit(pageSize)
        .offset(offset);
      return {
        kind,
        entries: rows.map((r) => ({
          _id: r._id,
          name: r.name,
          lastmod: iso(latestPast([r.createdAt, r.startAt, r.endAt], now)),
        })),
      };
    }
    // Seller, catalog product and category pages list lots, which change all the time:
    // no lastmod rather than one that is wrong.
    case 'sellers': {
      const rows = await db
        .select({ _id: companies.id, slug: companies.slug })
        .from(companies)
        .orderBy(asc(companies.id))
        .limit(pageSize)
        .offset(offset);
      return { kind, entries: rows.map((r) => ({ ...r, lastmod: null })) };
    }
    case 'catalog-products': {
      const rows = await db
        .select({ uniqueName: catalogProducts.uniqueName })
        .from(catalogProducts)
        .orderBy(asc(catalogProducts.id))
        .limit(pageSize)
        .offset(offset);
      return { kind, entries: rows.map((r) => ({ ...r, lastmod: null })) };
    }
    case 'categories': {
      const rows = await db
        .select({ slug: productCategories.slug })
        .from(productCategories)
        .where(listedCategory)
        .orderBy(asc(productCategories.id))
        .limit(pageSize)
        .offset(offset);
      return { kind, entries: rows.map((r) => ({ ...r, lastmod: null })) };
    }
  }
}
