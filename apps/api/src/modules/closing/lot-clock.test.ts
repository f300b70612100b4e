import { events, lotSearch } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner, SendOptions } from '../../lib/jobs/job-runner';
import { createTestApp, type TestApp } from '../../test/app';
import { LOT_CHANGES_CHANNEL } from '../live/publish-lot-changes';
import { searchScope } from '../search/test-fixtures';
import { closeDueLots } from './close-due-lots';
import { runLotClock } from './lot-clock';
import { scheduleLotCloses } from './schedule-lot-closes';
import { closingFixtures, inSeconds } from './test-fixtures';

let t: TestApp;
let fx: ReturnType<typeof closingFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = closingFixtures(t.db);
});
afterAll(() => t.close());

/** A job runner that only records what is sent, and ignores a second send with the same id as pg-boss does. */
function recordingJobs() {
  const sent: { name: string; data: unknown; options: SendOptions }[] = [];
  const jobs = {
    async send(name: string, data: unknown, options: SendOptions = {}) {
      if (sent.some((s) => s.options.id === options.id)) return null;
      sent.push({ name, data, options });
      return options.id ?? 'id';
    },
  } as unknown as JobRunner;
  return { jobs, sent };
}

/** The payloads of the live stream's channel while it listens (PGlite in-process, or a pooled PostgreSQL client). */
async function listen() {
  const payloads: { ids: string[] }[] = [];
  const client = (t.db as unknown as { $client: unknown }).$client as {
    listen?: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
    connect?: () => Promise<{
      on(event: 'notification', cb: (m: { payload?: string }) => void): void;
      query(text: string): Promise<unknown>;
      release(): void;
    }>;
  };
  if (client.listen) {
    const stop = await client.listen(LOT_CHANGES_CHANNEL, (payload) => payloads.push(JSON.parse(payload)));
    return { payloads, stop };
  }
  const pooled = await (client.connect as NonNullable<typeof client.connect>)();
  pooled.on('notification', (m) => payloads.push(JSON.parse(m.payload ?? '{}')));
  await pooled.query(`LISTEN ${LOT_CHANGES_CHANNEL}`);
  return {
    payloads,
    stop: async () => {
      await pooled.query(`UNLISTEN ${LOT_CHANGES_CHANNEL}`);
      pooled.release();
    },
  };
}

const clock = () => runLotClock(t.db, recordingJobs().jobs, fx.deps);
const day = 86_400;

describe('the lot clock', () => {
  it('closes overdue lots in end order, in bounded batches, each once (a restart after a downtime)', async () => {
    const ends = [-50, -10, -300, -30, -3600, -20, -40];
    const lots = [];
    for (const seconds of ends) lots.push(await fx.make.lot({ endedAt: inSeconds(seconds) }));
    const closed = await closeDueLots(t.db, fx.deps, 3);
    const byEnd = [...lots].sort((a, b) => (a.endedAt?.getTime() ?? 0) - (b.endedAt?.getTime() ?? 0));
    const mine = new Set(lots.map((l) => l.id));
    expect(closed.filter((id) => mine.has(id))).toEqual(byEnd.map((l) => l.id));
    const rows = await Promise.all(byEnd.map((l) => fx.lotRow(l.id)));
    expect(rows.every((r) => r.status === 'Unsold')).toBe(true);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]?.closedAt?.getTime()).toBeGreaterThanOrEqual(rows[i - 1]?.closedAt?.getTime() ?? 0);
      expect(rows[i]?.changeSeq).toBeGreaterThan(rows[i - 1]?.changeSeq ?? 0);
    }
    expect((await closeDueLots(t.db, fx.deps, 3)).filter((id) => mine.has(id))).toEqual([]);
  });

  it('publishes the closed lots to the live stream after each batch commits', async () => {
    const lots = [];
    for (const seconds of [-3, -2, -1]) lots.push(await fx.make.lot({ endedAt: inSeconds(seconds) }));
    const mine = lots.map((l) => l.id);
    const live = await listen();
    try {
      await closeDueLots(t.db, fx.deps, 2);
      const deadline = Date.now() + 5_000;
      const seen = () => live.payloads.flatMap((p) => p.ids).filter((id) => mine.includes(id));
      while (seen().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(seen()).toEqual(mine);
      // One notification per batch: the first two lots, then the third.
      expect(live.payloads.filter((p) => p.ids.some((id) => mine.includes(id)))).toHaveLength(2);
    } finally {
      await live.stop();
    }
  });

  it('opens upcoming lots whose start passed, not future ones nor those of a draft event', async () => {
    const draft = await fx.make.event({ status: 'draft' });
    const due = await fx.make.lot({ status: 'Pending', startAt: inSeconds(-5), endedAt: inSeconds(3600) });
    const future = await fx.make.lot({ status: 'Pending', startAt: inSeconds(3600), endedAt: inSeconds(7200) });
    const inDraft = await fx.make.lot({
      status: 'Pending',
      eventId: draft.id,
      companyId: draft.companyId,
      startAt: inSeconds(-5),
    });
    // Its whole life passed while nothing ran: it opens, then closes with no bids.
    const missed = await fx.make.lot({ status: 'Pending', startAt: inSeconds(-600), endedAt: inSeconds(-60) });
    const run = await clock();
    expect(run.opened).toEqual(expect.arrayContaining([due.id, missed.id]));
    expect(run.opened).not.toContain(future.id);
    expect((await fx.lotRow(due.id)).status).toBe('Active');
    expect((await fx.lotRow(future.id)).status).toBe('Pending');
    expect((await fx.lotRow(inDraft.id)).status).toBe('Pending');
    expect((await fx.lotRow(missed.id)).status).toBe('Unsold');
  });

  it('ends buy-now items and tender lots past their end, not before, and not a buy-now without an end', async () => {
    const tender = await fx.make.lot({ type: 'TenderLot', endedAt: inSeconds(-2) });
    const buyNow = await fx.make.lot({ type: 'BuyItNowItem', endedAt: inSeconds(-2) });
    const open = await fx.make.lot({ type: 'TenderLot', endedAt: inSeconds(3600) });
    const endless = await fx.make.lot({ type: 'BuyItNowItem', endedAt: null });
    const run = await clock();
    expect(run.ended).toEqual(expect.arrayContaining([tender.id, buyNow.id]));
    for (const lot of [tender, buyNow]) {
      const row = await fx.lotRow(lot.id);
      expect(row.status).toBe('Ended');
      expect(row.closedAt).not.toBeNull();
    }
    expect((await fx.lotRow(open.id)).status).toBe('Active');
    expect((await fx.lotRow(endless.id)).status).toBe('Active');
  });

  it('passes a reserve-not-met lot to Unsold 2 days after its close, tells the leader once, and not earlier', async () => {
    const late = await fx.auctionWithBids(
      [40_000, 30_000],
      { status: 'Ended', endedAt: inSeconds(-2 * day - 120), closedAt: inSeconds(-2 * day - 60), name: 'Press' },
      { reserveMet: false },
    );
    const recent = await fx.auctionWithBids(
      [40_000],
      { status: 'Ended', endedAt: inSeconds(-day), closedAt: inSeconds(-day) },
      { reserveMet: false },
    );
    const run = await clock();
    expect(run.expired).toContain(late.lot.id);
    expect(run.expired).not.toContain(recent.lot.id);
    expect((await fx.lotRow(late.lot.id)).status).toBe('Unsold');
    expect((await fx.lotRow(recent.lot.id)).status).toBe('Ended');
    const leader = late.bidders[0]?.email as string;
    const mails = await fx.mailsTo([leader, late.bidders[1]?.email as string, recent.bidders[0]?.email as string]);
    expect(mails).toEqual([expect.objectContaining({ to: leader, subject: 'You did not win Press' })]);
    expect(mails[0]?.text).toContain('The seller did not accept your bid of $400.00');
    await clock();
    expect(await fx.mailsTo([leader])).toHaveLength(1);
  });

  it('finalizes an event when its last lot has closed, and the search projection follows', async () => {
    const event = await fx.make.event({ endAt: inSeconds(-600) });
    const running = await fx.make.event({ endAt: inSeconds(-600) });
    const inEvent = { eventId: event.id, companyId: event.companyId };
    const last = await fx.make.lot({ ...inEvent, endedAt: inSeconds(-5) });
    await fx.make.lot({ ...inEvent, status: 'Sold', endedAt: inSeconds(-600) });
    await fx.make.lot({ eventId: running.id, companyId: running.companyId, endedAt: inSeconds(600) });
    const run = await clock();
    expect(run.closed).toContain(last.id);
    expect(run.finalized).toContain(event.id);
    expect(run.finalized).not.toContain(running.id);
    const status = async (id: string) =>
      (await t.db.select({ status: events.status }).from(events).where(eq(events.id, id)))[0]?.status;
    expect(await status(event.id)).toBe('finalized');
    expect(await status(running.id)).toBe('published');
    const projected = await t.db
      .select({ status: lotSearch.status, eventStatus: lotSearch.eventStatus })
      .from(lotSearch)
      .where(eq(lotSearch.lotId, last.id));
    expect(projected).toEqual([{ status: 'Unsold', eventStatus: 'finalized' }]);
    expect((await clock()).finalized).not.toContain(event.id);
  });

  it('moves a closed lot from the live views to the past view, counts and facets included', async () => {
    const s = await searchScope(t);
    const lot = await s.lot({ endedAt: inSeconds(-1) });
    const pastFacet = async () =>
      (await s.search({ facets: 'true' })).facets?.status.find((f) => f.value === 'past')?.count ?? 0;
    const before = { past: await s.search({ status: 'past' }), facet: await pastFacet() };
    expect(before.past.lots.map((l) => l._id)).not.toContain(lot.id);
    await clock();
    const past = await s.search({ status: 'past' });
    expect(past.lots.map((l) => l._id)).toEqual([lot.id]);
    expect(past.pagination.totalItems).toBe(before.past.pagination.totalItems + 1);
    expect(await s.ids({ status: 'active' })).not.toContain(lot.id);
    expect(await pastFacet()).toBe(before.facet + 1);
  });

  it('schedules one precise close job per end instant within the horizon, at or just after it, once', async () => {
    const together = inSeconds(5);
    const lots = [
      await fx.make.lot({ endedAt: together }),
      await fx.make.lot({ endedAt: together }),
      await fx.make.lot({ endedAt: inSeconds(20) }),
      await fx.make.lot({ type: 'TenderLot', endedAt: inSeconds(10) }),
    ];
    await fx.make.lot({ endedAt: inSeconds(100) });
    const { jobs, sent } = recordingJobs();
    expect(await scheduleLotCloses(t.db, jobs, 30)).toBeGreaterThanOrEqual(2);
    const starts = sent.map((s) => (s.options.startAfter as Date).getTime());
    for (const lot of lots.slice(0, 3)) {
      const end = lot.endedAt?.getTime() ?? 0;
      expect(starts.filter((at) => at >= end && at <= end + 1)).toHaveLength(1);
    }
    expect(
      starts.some((at) => at >= (lots[3]?.endedAt?.getTime() ?? 0) && at <= (lots[3]?.endedAt?.getTime() ?? 0) + 1),
    ).toBe(false);
    expect(sent.every((s) => s.name === 'close-lot' && /^[0-9a-f-]{36}$/.test(s.options.id ?? ''))).toBe(true);
    expect(await scheduleLotCloses(t.db, jobs, 30)).toBe(0);
  });
});
