import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import {
  EVENT_LOT_STATUSES,
  isBiddable,
  isOpenNow,
  isOver,
  isPast,
  isUpcoming,
  SOLD_VIEW_STATUSES,
} from '@lotline/domain';
import {
  biddableSql,
  notUpcomingStatusSql,
  openNowBranchesSql,
  overSql,
  pastSql,
  soldViewSql,
  upcomingSql,
} from '@lotline/domain/lot-lifecycle-sql';
import { and, inArray, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, uniqueId } from '../../test/factories';

/** The SQL conditions answer exactly as the lifecycle's predicates, on every status × start × end × stock. */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const times = [null, new Date(now.getTime() - 3_600_000), now, new Date(now.getTime() + 3_600_000)];
type Row = {
  id: string;
  status: (typeof EVENT_LOT_STATUSES)[number];
  startAt: Date | null;
  endedAt: Date | null;
  quantity: number;
};
const rows: Row[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const company = await factories(db).company();
  for (const status of EVENT_LOT_STATUSES)
    for (const startAt of times)
      for (const endedAt of times)
        for (const quantity of [0, 1]) rows.push({ id: uniqueId('lc'), status, startAt, endedAt, quantity });
  await db
    .insert(eventLots)
    .values(rows.map((r) => ({ ...r, companyId: company.id, number: r.id, name: r.id, type: 'AuctionLot' as const })));
});
afterAll(() => handle.cleanup());

async function idsWhere(condition: SQL): Promise<string[]> {
  const ids = rows.map((r) => r.id);
  const found = await db
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(and(inArray(eventLots.id, ids), condition));
  return found.map((r) => r.id).sort();
}
const idsOf = (keep: (r: Row) => boolean) =>
  rows
    .filter(keep)
    .map((r) => r.id)
    .sort();
const ms = (d: Date | null) => d?.getTime() ?? null;
const lotOf = (r: Row) => ({ status: r.status, startAt: ms(r.startAt), endedAt: ms(r.endedAt), quantity: r.quantity });

describe('lot-lifecycle-sql', () => {
  it.each([
    ['pastSql = isPast', () => pastSql(eventLots), (r: Row) => isPast(r.status)],
    [
      'soldViewSql = the sold-only view',
      () => soldViewSql(eventLots),
      (r: Row) => (SOLD_VIEW_STATUSES as readonly string[]).includes(r.status),
    ],
    ['overSql = isOver', () => overSql(eventLots, now), (r: Row) => isOver(lotOf(r), now.getTime())],
    ['notUpcomingStatusSql = not isUpcoming', () => notUpcomingStatusSql(eventLots), (r: Row) => !isUpcoming(r.status)],
    [
      'upcomingSql = Pending with a future start',
      () => upcomingSql(eventLots, now),
      (r: Row) => isUpcoming(r.status) && r.startAt !== null && r.startAt > now,
    ],
    [
      'openNowBranchesSql = isOpenNow',
      () => or(...openNowBranchesSql(eventLots, now)) as SQL,
      (r: Row) => isOpenNow(lotOf(r), now.getTime()),
    ],
    ['biddableSql = isBiddable', () => biddableSql(eventLots, now), (r: Row) => isBiddable(lotOf(r), now.getTime())],
  ] as const)('%s', async (_name, condition, predicate) => {
    const expected = idsOf(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(await idsWhere(condition())).toEqual(expected);
  });

  it('keeps the two open-now branches disjoint', async () => {
    const [later, openEnded] = openNowBranchesSql(eventLots, now);
    expect(await idsWhere(and(later, openEnded) as SQL)).toEqual([]);
  });
});
