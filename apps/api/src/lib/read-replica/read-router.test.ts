import type { Database } from '@lotline/db';
import { describe, expect, it } from 'vitest';
import { ReadRouter } from './read-router';
import { lsnValue, ReplicaFreshness } from './replica-freshness';

/** Decision 0101: search reads go to the replica only while it is provably within its lag bound. */

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does, and refuses anything else', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3749')).toBe(true);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue('16-B374')).toThrow(/Not a WAL position/);
  });
});

describe('ReplicaFreshness', () => {
  it('bounds the staleness by the newest primary position the replica has replayed', () => {
    const f = new ReplicaFreshness(10_000);
    expect(f.stalenessAt(0)).toBe(Number.POSITIVE_INFINITY);
    f.primaryAt(1_000, 100n);
    f.primaryAt(1_250, 200n);
    f.primaryAt(1_500, 300n);
    f.replicaAt(200n);
    // It holds everything the primary had at 1,250, perhaps not what came after.
    expect(f.stalenessAt(1_600)).toBe(350);
    f.replicaAt(300n);
    expect(f.stalenessAt(1_600)).toBe(100);
    // Behind what any kept sample shows: as stale as before, and it grows with time.
    f.primaryAt(5_000, 900n);
    f.replicaAt(300n);
    expect(f.stalenessAt(5_000)).toBe(3_500);
  });

  it('knows nothing once the replica cannot be asked, and never moves back', () => {
    const f = new ReplicaFreshness(10_000);
    f.primaryAt(1_000, 100n);
    f.replicaAt(100n);
    f.replicaAt(50n);
    expect(f.stalenessAt(1_000)).toBe(0);
    f.replicaAt(null);
    expect(f.stalenessAt(1_000)).toBe(Number.POSITIVE_INFINITY);
  });
});

/** A database that answers the router's one query with the position `lsn()` gives, or fails when it is null. */
function server(lsn: () => string | null | Error): Database {
  return {
    execute: async () => {
      const value = lsn();
      if (value instanceof Error) throw value;
      return { rows: [{ lsn: value }] };
    },
    marker: 'x',
  } as unknown as Database;
}

describe('ReadRouter', () => {
  it('reads the replica while it keeps up, the primary while it lags or fails, and back', async () => {
    let now = 0;
    let primaryLsn = '0/100';
    let replicaLsn: string | null | Error = '0/100';
    const primary = server(() => primaryLsn);
    const replica = server(() => replicaLsn);
    const router = new ReadRouter(primary, replica, { maxLagMs: 1_000, now: () => now });
    await router.sample();
    expect(router.current()).toBe(replica);

    // The primary moves on and the replica stops replaying: within the bound still, then past it.
    primaryLsn = '0/200';
    now = 500;
    await router.sample();
    expect(router.current()).toBe(replica);
    now = 1_200;
    await router.sample();
    expect(router.staleness()).toBe(1_200);
    expect(router.current()).toBe(primary);

    // It catches up: the replica again.
    replicaLsn = '0/200';
    await router.sample();
    expect(router.current()).toBe(replica);

    // It fails, or is no standby (no replay position): the primary.
    replicaLsn = new Error('connect ECONNREFUSED');
    await router.sample();
    expect(router.current()).toBe(primary);
    replicaLsn = null;
    await router.sample();
    expect(router.current()).toBe(primary);
  });

  it('sends each call of its Database to the server chosen at that moment', async () => {
    let replicaLsn: string | Error = '0/100';
    const primary = server(() => '0/100');
    const replica = server(() => replicaLsn);
    const router = new ReadRouter(primary, replica, { maxLagMs: 1_000, now: () => 0 });
    const reads = router.reads();
    await router.sample();
    expect(await reads.execute('select 1' as never)).toEqual({ rows: [{ lsn: '0/100' }] });
    replicaLsn = new Error('down');
    await router.sample();
    // The replica would throw; the call goes to the primary.
    await expect(reads.execute('select 1' as never)).resolves.toEqual({ rows: [{ lsn: '0/100' }] });
  });
});
