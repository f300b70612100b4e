import { type Database, openDatabase, queryRows } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { lotEventOf, openSse } from '../../test/sse';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { signUpWithRoles, staffRequest } from '../staff-users/test-helpers';
import { publishEventChanges, publishLotChanges } from './publish-lot-changes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** What the engine does for an accepted bid: one UPDATE with a new change_seq, then NOTIFY after the commit. */
async function commitBid(db: Database, lotId: string, amount: number, bidsCount: number) {
  await db
    .update(eventLots)
    .set({ currentBidAmount: amount, bidsCount, changeSeq: nextLotChangeSeq })
    .where(eq(eventLots.id, lotId));
  await publishLotChanges(db, [lotId]);
}

async function listening(t: TestApp['app']): Promise<string> {
  await t.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

describe('GET /marketplace/api/live', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({
      config: { live: { maxConnections: 6, maxConnectionsPerClient: 4, heartbeatMs: 100 } },
    });
    origin = await listening(t.app);
  });
  afterAll(() => t.close());

  it('tells the web processes’ page caches which lots and events changed (/internal/page-changes)', async () => {
    const stream = await openSse(`${origin}/internal/page-changes`);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await stream.next((f) => f.event === 'ready');
      const lot = await t.make.lot();
      await commitBid(t.db, lot.id, 50_00, 1);
      const changed = await stream.next((f) => f.event === 'changes' && (f.data ?? '').includes(lot.id));
      expect(JSON.parse(changed.data ?? '')).toEqual({ lots: [lot.id], events: [] });
      await publishEventChanges(t.db, ['evt_paused']);
      const paused = await stream.next((f) => f.event === 'changes' && (f.data ?? '').includes('evt_paused'));
      expect(JSON.parse(paused.data ?? '')).toEqual({ lots: [], events: ['evt_paused'] });
      // A company suspended: its events' pages are view-only now, so the caches drop them.
      const staff = await signUpWithRoles(t, ['staff']);
      const event = await t.make.event();
      const item = await t.make.lot({ companyId: event.companyId, eventId: null, type: 'BuyItNowItem' });
      const suspended = await staffRequest(
        t,
        'PATCH',
        `/marketplace-api/staff/companies/${event.companyId}`,
        staff.cookie,
        {
          status: 'suspended',
        },
      );
      expect(suspended.statusCode, suspended.body).toBe(200);
      const dropped = await stream.next((f) => f.event === 'changes' && (f.data ?? '').includes(event.id));
      expect(JSON.parse(dropped.data ?? '').events).toContain(event.id);
      // And its items outside any event.
      await stream.next((f) => f.event === 'changes' && (f.data ?? '').includes(item.id));
    } finally {
      await stream.close();
    }
  });

  it('answers the stream headers, the current state first, then a committed change', async () => {
    const lot = await t.make.lot({ currentBidAmount: 100_00, bidsCount: 1, endedAt: new Date('2030-01-01T00:00:00Z') });
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.response.headers.get('x-request-id')).toBeTruthy();
      const first = await stream.next(lotEventOf(lot.id));
      const data = JSON.parse(first.data ?? '');
      expect(data).toMatchObject({
        _id: lot.id,
        currentBid: { amount: 100_00 },
        bidsCount: 1,
        endedAt: '2030-01-01T00:00:00.000Z',
        status: lot.status,
      });
      expect(Math.abs(Date.parse(data.serverTime) - Date.now())).toBeLessThan(60_000);
      expect(Number(first.id)).toBe(lot.changeSeq);

      await commitBid(t.db, lot.id, 125_00, 2);
      const changed = await stream.next(lotEventOf(lot.id));
      expect(JSON.parse(changed.data ?? '')).toMatchObject({ currentBid: { amount: 125_00 }, bidsCount: 2 });
      expect(Number(changed.id)).toBeGreaterThan(Number(first.id));
    } finally {
      await stream.close();
    }
  });

  it('sends a burst of changes to one lot as its latest state, never going back', async () => {
    const lot = await t.make.lot();
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
    try {
      await stream.next(lotEventOf(lot.id));
      for (let i = 1; i <= 5; i++) await commitBid(t.db, lot.id, i * 10_00, i);
      await stream.next(lotEventOf(lot.id, (d) => d.bidsCount === 5));
      const ids = stream.frames.filter((f) => f.event === 'lot').map((f) => Number(f.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await stream.close();
    }
  });

  it('on a reconnect with Last-Event-ID first sends the current state of every subscribed lot', async () => {
    const a = await t.make.lot({ currentBidAmount: 50_00, bidsCount: 3 });
    const b = await t.make.lot();
    await commitBid(t.db, a.id, 60_00, 4);
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${a.id},${b.id}`, {
      'Last-Event-ID': '1',
    });
    try {
      const lots = [await stream.next((f) => f.event === 'lot'), await stream.next((f) => f.event === 'lot')];
      const byId = new Map(lots.map((f) => [JSON.parse(f.data ?? '')._id, JSON.parse(f.data ?? '')]));
      expect(byId.get(a.id)).toMatchObject({ currentBid: { amount: 60_00 }, bidsCount: 4 });
      expect(byId.get(b.id)).toMatchObject({ currentBid: null, bidsCount: 0 });
    } finally {
      await stream.close();
    }
  });

  it("tells a lot's stream when staff pause its event and when they resume it, with the moved end", async () => {
    const staff = await signUpWithRoles(t, ['staff']);
    const event = await t.make.event();
    const end = new Date(Date.now() + 3_600_000);
    const lot = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      status: 'Active',
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: end,
      scheduledEndAt: end,
    });
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
    try {
      const first = await stream.next(lotEventOf(lot.id));
      expect(JSON.parse(first.data ?? '')).toMatchObject({ paused: false, endedAt: end.toISOString() });
      const paused = await staffRequest(t, 'POST', `/marketplace-api/staff/events/${event.id}/pause`, staff.cookie, {
        reason: 'Checking a report about the lots.',
      });
      expect(paused.statusCode, paused.body).toBe(200);
      // No lot was written: the same change, now paused.
      const pause = await stream.next(lotEventOf(lot.id, (d) => d.paused === true));
      expect(pause.id).toBe(first.id);
      expect(JSON.parse(pause.data ?? '')).toMatchObject({ endedAt: end.toISOString() });
      const resumed = await staffRequest(t, 'POST', `/marketplace-api/staff/events/${event.id}/resume`, staff.cookie);
      expect(resumed.statusCode, resumed.body).toBe(200);
      const resume = await stream.next(
        lotEventOf(lot.id, (d) => d.paused === false && d.endedAt !== end.toISOString()),
      );
      expect(Date.parse(JSON.parse(resume.data ?? '').endedAt)).toBeGreaterThan(end.getTime());
      expect(Number(resume.id)).toBeGreaterThan(Number(first.id));
    } finally {
      await stream.close();
    }
  });

  it('sends a comment line on the heartbeat', async () => {
    const lot = await t.make.lot();
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
    try {
      await stream.next((f) => f.comment !== undefined, 2_000);
    } finally {
      await stream.close();
    }
  });

  it('follows every public lot of an event, and never a hidden one', async () => {
    const event = await t.make.event();
    const shown = await t.make.lot({ eventId: event.id, companyId: event.companyId });
    const hidden = await t.make.lot({ eventId: event.id, companyId: event.companyId, hiddenFromMarketplace: true });
    const stream = await openSse(`${origin}/marketplace/api/live?eventId=${event.id}&eventLotIds=${hidden.id}`);
    try {
      await stream.next(lotEventOf(shown.id));
      await commitBid(t.db, hidden.id, 1_00, 1);
      await commitBid(t.db, shown.id, 2_00, 1);
      await stream.next(lotEventOf(shown.id, (d) => d.bidsCount === 1));
      expect(stream.frames.some(lotEventOf(hidden.id))).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('refuses bad input with 400 and a draft or unknown event with 404, opening nothing', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `lot${i}`).join(',');
    const cases = [
      '/marketplace/api/live',
      `/marketplace/api/live?eventLotIds=${many}`,
      '/marketplace/api/live?eventLotIds=a,,b',
      '/marketplace/api/live?eventLotIds=a&other=1',
    ];
    for (const path of cases) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
    const badId = await t.app.inject({
      method: 'GET',
      url: '/marketplace/api/live?eventLotIds=a',
      headers: { 'last-event-id': 'abc' },
    });
    expect(badId.statusCode).toBe(400);
    const draft = await t.make.event({ status: 'draft' });
    await t.make.lot({ eventId: draft.id, companyId: draft.companyId });
    const res = await t.app.inject({ method: 'GET', url: `/marketplace/api/live?eventId=${draft.id}` });
    expect(res.statusCode).toBe(404);
  });

  it('limits streams per client address and per process, and frees them when the client goes', async () => {
    const lot = await t.make.lot();
    const url = `${origin}/marketplace/api/live?eventLotIds=${lot.id}`;
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await openSse(url));
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('RATE_LIMITED');
    // Another address still gets its own, up to the process's cap (6 here).
    for (let i = 0; i < 2; i++) open.push(await openSse(url, { 'x-forwarded-for': '203.0.113.9' }));
    expect(open.map((s) => s.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const full = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(full.status).toBe(503);
    expect(((await full.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('SERVICE_UNAVAILABLE');
    for (const stream of open) await stream.close();
    // The server sees the closes asynchronously.
    await expect
      .poll(
        async () => {
          const again = await openSse(url);
          await again.close();
          return again.response.status;
        },
        { timeout: 2_000 },
      )
      .toBe(200);
  });
});

describe('a long-lived stream', () => {
  it('outlives the request and idle-socket timeouts', async () => {
    const t = await createTestApp({
      config: {
        // No heartbeat within the wait: only the stream's own socket settings keep it open.
        live: { maxConnections: 10, maxConnectionsPerClient: 10, heartbeatMs: 60_000 },
        timeouts: { httpRequest: 1_000, httpConnection: 1_000, httpKeepAlive: 1_000, dbStatement: 30_000 },
      },
    });
    try {
      const origin = await listening(t.app);
      const lot = await t.make.lot();
      const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
      try {
        await stream.next(lotEventOf(lot.id));
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(stream.ended).toBe(false);
        await commitBid(t.db, lot.id, 5_00, 1);
        await stream.next(lotEventOf(lot.id, (d) => d.bidsCount === 1));
      } finally {
        await stream.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('the live stream across processes', () => {
  it.skipIf(!onPostgres)('delivers a change committed by process A to a subscriber of process B', async () => {
    const a = await createTestApp();
    const connectionString = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const other = await openDatabase({ databaseUrl: connectionString, poolSize: 2 });
    const b = buildApp({ db: other.db, config: a.config });
    try {
      const origin = await listening(b);
      const lot = await a.make.lot();
      const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
      const pages = await openSse(`${origin}/internal/page-changes`);
      try {
        await pages.next((f) => f.event === 'ready');
        await stream.next(lotEventOf(lot.id));
        await commitBid(a.db, lot.id, 77_00, 1);
        await stream.next(lotEventOf(lot.id, (d) => d.bidsCount === 1));

        // Lose B's LISTEN connection with a change it never hears of: after its reconnect it reads every followed lot.
        await a.db.update(eventLots).set({ bidsCount: 2, changeSeq: nextLotChangeSeq }).where(eq(eventLots.id, lot.id));
        const pids = await queryRows<{ pid: number }>(
          a.db,
          sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
        );
        expect(pids.length).toBeGreaterThan(0);
        for (const { pid } of pids) await a.db.execute(sql`select pg_terminate_backend(${pid})`);
        await stream.next(
          lotEventOf(lot.id, (d) => d.bidsCount === 2),
          10_000,
        );
        // The page caches may have missed it too: they are told to start again.
        await pages.next((f) => f.event === 'reset');
      } finally {
        await stream.close();
        await pages.close();
      }
    } finally {
      await b.close();
      await other.close();
      await a.close();
    }
  });
});
