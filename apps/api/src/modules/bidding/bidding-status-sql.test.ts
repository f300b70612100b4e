import { BIDDING_STATUSES, EVENT_LOT_STATUSES, LOT_TYPES } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { biddingStatus } from '@lotline/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, uniqueId } from '../../test/factories';
import { biddingStatusSql } from './bidding-status-sql';

/** The SQL status answers exactly as `biddingStatus` (BIDDING §4) on every combination of its facts. */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const ends = [null, new Date(now.getTime() - 60_000), now, new Date(now.getTime() + 60_000)];
type Row = {
  id: string;
  type: (typeof LOT_TYPES)[number];
  status: (typeof EVENT_LOT_STATUSES)[number];
  endedAt: Date | null;
  reserveMet: boolean | null;
};
const rows: Row[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const company = await factories(db).company();
  for (const type of LOT_TYPES)
    for (const status of EVENT_LOT_STATUSES)
      for (const endedAt of ends)
        for (const reserveMet of [null, true, false])
          rows.push({ id: uniqueId('bs'), type, status, endedAt, reserveMet });
  await db.insert(eventLots).values(rows.map((r) => ({ ...r, companyId: company.id, number: r.id, name: r.id })));
});
afterAll(() => handle.cleanup());

/** The SQL status of every row, for one user side given as booleans. */
async function sqlStatuses(participated: boolean, leads: boolean): Promise<Map<string, string>> {
  const status = biddingStatusSql(
    eventLots,
    { participated: sql`${participated}::boolean`, leads: sql`${leads}::boolean` },
    sql`${now.toISOString()}::timestamptz`,
  );
  const ids = rows.map((r) => r.id);
  const found = await db.select({ id: eventLots.id, status }).from(eventLots).where(inArray(eventLots.id, ids));
  return new Map(found.map((r) => [r.id, r.status]));
}

const SIDES = [
  [false, false],
  [false, true],
  [true, false],
  [true, true],
] as const;

describe('biddingStatusSql', () => {
  it.each(SIDES)('reads as biddingStatus when participated=%s and leads=%s', async (participated, leads) => {
    const fromSql = await sqlStatuses(participated, leads);
    const expected = new Map(
      rows.map((r) => {
        const facts = {
          lotType: r.type,
          lotStatus: r.status,
          endedAt: r.endedAt?.getTime() ?? null,
          participated,
          leads,
          reserveMet: r.reserveMet,
        };
        return [r.id, biddingStatus(facts, now.getTime())];
      }),
    );
    expect(fromSql).toEqual(expected);
  });

  it('reaches every status of BIDDING §4 across the cases, so agreement is not agreement on a constant', async () => {
    const seen = new Set<string>();
    for (const [participated, leads] of SIDES)
      for (const s of (await sqlStatuses(participated, leads)).values()) seen.add(s);
    expect([...seen].sort()).toEqual([...BIDDING_STATUSES].sort());
  });
});
