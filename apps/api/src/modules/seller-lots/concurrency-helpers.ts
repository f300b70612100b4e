import { randomUUID } from 'node:crypto';
import { type LotBody, lotBody as lotBodySchema } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companyMembers, eventLots, events, lotPhotos, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { factories } from '../../test/factories';
import { lotBody } from './test-helpers';

const POOL_SIZE = 6;

/**
 * The PostgreSQL scene of the seller-lots concurrency tests: a fresh database
 * opened through two pools (two API processes), a company, one of its
 * sellers and a category. `event()` makes a draft auction event of the
 * company starting tomorrow, with one location.
 */
export async function sellerLotsConcurrencyScene(baseUrl: string) {
  const fresh = await createPostgresTestDatabase(baseUrl, { processes: 2, poolSize: POOL_SIZE });
  const pools = fresh.handles.map((h) => h.db) as [Database, Database];
  // Every connection opened now: a race's writers must not be spread out by their connections' handshakes.
  await Promise.all(
    pools.flatMap((db) => Array.from({ length: POOL_SIZE }, () => db.execute(sql`select pg_sleep(0.05)`))),
  );
  const make = factories(pools[0]);
  const company = await make.company();
  const sellerId = `user_${randomUUID()}`;
  await pools[0]
    .insert(users)
    .values({ id: sellerId, email: `${sellerId}@example.com`, name: 'Concurrent Seller', roles: ['seller'] });
  await pools[0].insert(companyMembers).values({ companyId: company.id, userId: sellerId });
  const category = await make.category();

  async function event() {
    const row = await make.event({
      companyId: company.id,
      status: 'draft',
      startAt: new Date(Date.now() + 86_400_000),
      endAt: new Date(Date.now() + 8 * 86_400_000),
    });
    const location = await make.location({ eventId: row.id });
    /** A valid lot form for this event (a category, a location, a starting bid), as the console posts it. */
    const form = (overrides: Record<string, unknown> = {}): LotBody =>
      lotBodySchema.parse(
        lotBody({ productCategoryId: category.id, dispositionLocationId: location.id, ...overrides }),
      );
    return { eventId: row.id, form };
  }

  /** The event's lots in sequence order. */
  const lotsOf = (eventId: string) =>
    pools[0].select().from(eventLots).where(eq(eventLots.eventId, eventId)).orderBy(asc(eventLots.sequence));

  /** The lot's photos in position order. */
  const photosOf = (lotId: string) =>
    pools[0].select().from(lotPhotos).where(eq(lotPhotos.lotId, lotId)).orderBy(asc(lotPhotos.position));

  const eventRow = async (eventId: string) => (await pools[0].select().from(events).where(eq(events.id, eventId)))[0];

  return { pools, close: fresh.cleanup, make, companyId: company.id, sellerId, event, lotsOf, photosOf, eventRow };
}
