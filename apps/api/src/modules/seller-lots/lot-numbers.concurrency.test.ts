import type { Database } from '@lotline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { sellerLotsConcurrencyScene } from './concurrency-helpers';
import { copyLot } from './copy-lot';
import { createLot } from './create-lot';

/**
 * Lot numbers are unique within an event with no unique index: every write to
 * an event's lots takes the event's row lock first (`lockEvent`, decision
 * 0050), then asks `numberTaken` and `nextSequence`. Proved on PostgreSQL
 * (skipped without TEST_DATABASE_URL) with creates and copies racing through
 * two pools (two API processes): numbers stay unique (a duplicate is 409
 * LOT_NUMBER_TAKEN, a copy takes the next free "<n>-k"), and every lot gets
 * its own sequence, so its own staggered end.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const AT_ONCE = 6;

let scene: Awaited<ReturnType<typeof sellerLotsConcurrencyScene>>;
let pools: [Database, Database];
/** Each call on the other pool than the last: half the writers in each process. */
const poolOf = (i: number) => pools[i % 2] as Database;

/** Numbers, sequences and ends of the event's lots: each distinct, the sequences 1…n. */
async function expectDistinct(eventId: string, count: number) {
  const lots = await scene.lotsOf(eventId);
  expect(lots).toHaveLength(count);
  expect(new Set(lots.map((l) => l.number)).size).toBe(count);
  expect(lots.map((l) => l.sequence)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(new Set(lots.map((l) => l.endedAt?.getTime())).size).toBe(count);
  return lots;
}

describe.skipIf(!baseUrl)('lot numbers and sequences under concurrent writes (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await sellerLotsConcurrencyScene(baseUrl as string);
    ({ pools } = scene);
  }, 120_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('creates of one number at once: exactly one lot is made, every other is 409 LOT_NUMBER_TAKEN', async () => {
    for (let round = 0; round < 3; round++) {
      const { eventId, form } = await scene.event();
      const outcomes = await settle(
        Array.from({ length: AT_ONCE }, (_, i) => createLot(poolOf(i), scene.sellerId, eventId, form({ number: '7' }))),
      );
      expect(outcomes.sort()).toEqual(['ok', ...Array(AT_ONCE - 1).fill('LOT_NUMBER_TAKEN')].sort());
      const [lot] = await expectDistinct(eventId, 1);
      expect(lot?.number).toBe('7');
    }
  });

  it('creates of distinct numbers at once: all made, each with its own sequence and staggered end', async () => {
    const { eventId, form } = await scene.event();
    const made = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        createLot(poolOf(i), scene.sellerId, eventId, form({ number: `A${i}` })),
      ),
    );
    const lots = await expectDistinct(eventId, AT_ONCE);
    // What each create answered is what was stored.
    expect(made.map((l) => l.sequence).sort((a, b) => a - b)).toEqual(lots.map((l) => l.sequence));
  });

  it('copies of one lot at once: each takes the next free "<n>-k" and its own sequence', async () => {
    const { eventId, form } = await scene.event();
    const source = await createLot(pools[0], scene.sellerId, eventId, form({ number: '12' }));
    const copies = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => copyLot(poolOf(i), scene.sellerId, source._id)),
    );
    expect(copies.map((c) => c.number).sort()).toEqual(Array.from({ length: AT_ONCE }, (_, i) => `12-${i + 2}`).sort());
    await expectDistinct(eventId, AT_ONCE + 1);
  });

  it('creates of the number a copy would take, racing copies: the numbers stay unique either way', async () => {
    const { eventId, form } = await scene.event();
    const source = await createLot(pools[0], scene.sellerId, eventId, form({ number: '5' }));
    // Copies of "5" want "5-2", "5-3"…; creates of "5-2" and "5-3" race them for those numbers.
    const outcomes = await settle([
      copyLot(pools[0], scene.sellerId, source._id),
      createLot(pools[1], scene.sellerId, eventId, form({ number: '5-2' })),
      copyLot(pools[1], scene.sellerId, source._id),
      createLot(pools[0], scene.sellerId, eventId, form({ number: '5-3' })),
      copyLot(pools[0], scene.sellerId, source._id),
    ]);
    // The copies always succeed (they skip a taken number); a create fails only on a number a copy took first.
    expect([outcomes[0], outcomes[2], outcomes[4]]).toEqual(['ok', 'ok', 'ok']);
    for (const created of [outcomes[1], outcomes[3]]) expect(['ok', 'LOT_NUMBER_TAKEN']).toContain(created);
    const made = outcomes.filter((o) => o === 'ok').length;
    const lots = await expectDistinct(eventId, 1 + made);
    // With three copies and up to two creates, the numbers are "5" and the first free suffixes, none skipped.
    expect(lots.map((l) => l.number).sort()).toEqual(['5', ...Array.from({ length: made }, (_, i) => `5-${i + 2}`)]);
  });
});
