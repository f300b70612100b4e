import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import {
  EVENT_LOT_STATUSES,
  type EventLotStatus,
  LOT_TRANSITIONS,
  type LotTransition,
  transitionBetween,
} from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { type Factories, factories } from '../../test/factories';
import { changeLotStatus } from './change-lot-status';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let make: Factories;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  make = factories(db);
});
afterAll(() => handle.cleanup());

async function statusOf(id: string): Promise<{ status: EventLotStatus; updatedAt: Date }> {
  const [row] = await db
    .select({ status: eventLots.status, updatedAt: eventLots.updatedAt })
    .from(eventLots)
    .where(eq(eventLots.id, id));
  if (!row) throw new Error(`no lot ${id}`);
  return row;
}

const old = new Date('2020-01-01T00:00:00Z');
const transitions = Object.entries(LOT_TRANSITIONS) as [
  LotTransition,
  { from: readonly EventLotStatus[]; to: EventLotStatus },
][];

describe('changeLotStatus', () => {
  it.each(transitions.flatMap(([name, t]) => t.from.map((from) => [name, from, t.to] as const)))(
    '%s moves a lot from %s to %s and stamps updated_at with the database clock',
    async (name, from, to) => {
      const lot = await make.lot({ status: from, updatedAt: old });
      const change = await changeLotStatus(db, lot.id, name);
      expect(change).toMatchObject({ changed: true, lotId: lot.id, status: to });
      const stored = await statusOf(lot.id);
      expect(stored.status).toBe(to);
      // created_at is the database clock at insert: updated_at comes from the same clock, not the caller's.
      expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(lot.createdAt.getTime());
    },
  );

  it.each(
    transitions.flatMap(([name, t]) =>
      EVENT_LOT_STATUSES.filter((s) => !t.from.includes(s)).map((s) => [name, s] as const),
    ),
  )('%s from %s changes nothing', async (name, from) => {
    const lot = await make.lot({ status: from, updatedAt: old });
    expect(await changeLotStatus(db, lot.id, name)).toEqual({ changed: false, lotId: lot.id });
    expect(await statusOf(lot.id)).toEqual({ status: from, updatedAt: old });
  });

  it('takes an explicit move the lifecycle allows, guarded by the status the caller saw', async () => {
    const lot = await make.lot({ status: 'Ended' });
    expect(await changeLotStatus(db, lot.id, { from: 'Active', to: 'Sold' })).toEqual({
      changed: false,
      lotId: lot.id,
    });
    expect((await statusOf(lot.id)).status).toBe('Ended');
    expect(await changeLotStatus(db, lot.id, { from: 'Ended', to: 'Sold' })).toMatchObject({
      changed: true,
      status: 'Sold',
    });
  });

  it('refuses a move the lifecycle does not allow with CONFLICT, and changes nothing', async () => {
    const lot = await make.lot({ status: 'Sold', updatedAt: old });
    for (const step of [{ from: 'Sold', to: 'Pending' }, { from: 'Sold', to: 'Sold' }, 'reopen'] as const) {
      const error = await changeLotStatus(db, lot.id, step as never).catch((e: unknown) => e);
      expect(isAppError(error) && error.code === 'CONFLICT' && error.status === 409, String(error)).toBe(true);
    }
    expect(await statusOf(lot.id)).toEqual({ status: 'Sold', updatedAt: old });
  });

  // Every ordered pair of statuses: the writer takes exactly the moves the lifecycle lists and refuses the rest.
  it.each(EVENT_LOT_STATUSES.flatMap((from) => EVENT_LOT_STATUSES.map((to) => [from, to] as const)))(
    'a move from %s to %s is allowed exactly when the lifecycle has it',
    async (from, to) => {
      const lot = await make.lot({ status: from, updatedAt: old });
      const outcome = await changeLotStatus(db, lot.id, { from, to }).catch((e: unknown) => e);
      if (transitionBetween(from, to)) {
        expect(outcome).toMatchObject({ changed: true, status: to });
        expect((await statusOf(lot.id)).status).toBe(to);
      } else {
        expect(isAppError(outcome) && outcome.code === 'CONFLICT' && outcome.status === 409, String(outcome)).toBe(
          true,
        );
        expect(await statusOf(lot.id)).toEqual({ status: from, updatedAt: old });
      }
    },
  );

  it('reports nothing changed for an unknown lot', async () => {
    expect(await changeLotStatus(db, 'lot_missing', 'open')).toEqual({ changed: false, lotId: 'lot_missing' });
  });

  it('lets exactly one of two concurrent transitions from the same status win', async () => {
    for (let round = 0; round < 5; round++) {
      const lot = await make.lot({ status: 'Active' });
      const results = await Promise.all([
        db.transaction(async (tx) => changeLotStatus(tx, lot.id, 'sell')),
        db.transaction(async (tx) => changeLotStatus(tx, lot.id, 'pass')),
      ]);
      const winners = results.filter((r) => r.changed);
      expect(winners).toHaveLength(1);
      const winner = winners[0] as { status: EventLotStatus };
      expect((await statusOf(lot.id)).status).toBe(winner.status);
    }
  });
});
