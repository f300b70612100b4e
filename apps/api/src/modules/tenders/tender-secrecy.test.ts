import { users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { readLiveLots } from '../live/read-live-lots';
import {
  closeTenderLot,
  putTender,
  readJson,
  SELLER_TENDERS_URL,
  tenderer,
  tenderScene,
  tenderUrl,
} from './test-helpers';

/**
 * Issue 15's hardest rule: before the close nobody — the seller and staff
 * neither, nor another bidder — reads a tender amount, through any endpoint.
 * Each answer is searched for the amounts in minor units and as people read
 * them. After the close the same search finds them on the seller's list (so
 * the search itself works).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AMOUNTS = [7_654_321, 3_141_593];
const FORMS = AMOUNTS.flatMap((a) => [
  String(a),
  (a / 100).toFixed(2),
  (a / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  String(a / 100),
]);
const leaks = (body: string) => FORMS.filter((form) => body.includes(form));

async function staffUser() {
  const user = await signUpUser(t, { name: 'Stan Staff' });
  await t.db
    .update(users)
    .set({ roles: ['staff'] })
    .where(eq(users.id, user.id));
  return user;
}

describe('tender secrecy before the close', () => {
  it('no endpoint answers an amount to the seller, staff or another bidder; the seller sees them after the close', async () => {
    const { event, lot, seller } = await tenderScene(t);
    const pat = await tenderer(t, event.id);
    const kim = await tenderer(t, event.id);
    const rival = await tenderer(t, event.id);
    expect((await putTender(t, pat, lot.id, { amount: AMOUNTS[0] })).statusCode).toBe(200);
    expect((await putTender(t, kim, lot.id, { amount: AMOUNTS[1] })).statusCode).toBe(200);
    const staff = await staffUser();
    const esQuery = JSON.stringify({ params: [{ field: 'eventId', op: 'eq', value: event.id }] });

    const everyEndpoint = (viewer: { id: string }) => [
      tenderUrl(lot.id),
      `/marketplace/api/lots/${lot.id}`,
      `/marketplace/api/event/event-lots/${lot.id}/bidding`,
      `/marketplace/api/event/event-lots/${lot.id}/bids`,
      `/marketplace/api/event/users/${viewer.id}/bidders`,
      `/marketplace-api/users/${viewer.id}/bids`,
      url('/marketplace/api/event/event-lots', { esQuery }),
      url('/marketplace/api/search/lots', {}),
      `/marketplace/api/event/events/${event.id}`,
    ];
    let answered = 0;
    for (const viewer of [seller, staff, rival]) {
      const paths = [...everyEndpoint(viewer), ...(viewer === seller ? [SELLER_TENDERS_URL] : [])];
      // Staff may read any user's bidder rows and My Bids: the tenderers' too.
      if (viewer === staff) paths.push(...[pat, kim].flatMap((p) => everyEndpoint(p).slice(4, 6)));
      for (const path of paths) {
        const res = await readJson(t, path, viewer as never);
        expect(res.statusCode, `${path} as ${viewer.id}`).toBeLessThan(500);
        if (res.statusCode === 200) answered += 1;
        expect(leaks(res.body), `${path} as ${viewer.id}`).toEqual([]);
      }
      // Another user's GET tender is their own (none): never pat's or kim's.
      expect((await readJson(t, tenderUrl(lot.id), viewer as never)).json().data.tender).toBeNull();
    }
    expect(answered).toBeGreaterThanOrEqual(25);
    expect(leaks(JSON.stringify(await readLiveLots(t.db, [lot.id])))).toEqual([]);
    // The database access code: the view others are read through has no amount before the close.
    const view = await t.db.execute(sql`select amount from sealed_tenders where lot_id = ${lot.id}`);
    expect((view as unknown as { rows: { amount: unknown }[] }).rows).toEqual([{ amount: null }, { amount: null }]);
    // The seller's list still counts them.
    const listed = (await readJson(t, SELLER_TENDERS_URL, seller as never)).json().data.lots[0];
    expect(listed).toMatchObject({ eventLotId: lot.id, tendersCount: 2, tenders: [] });

    await closeTenderLot(t, lot.id);
    const after = await readJson(t, SELLER_TENDERS_URL, seller as never);
    expect(leaks(after.body)).toEqual(expect.arrayContaining(AMOUNTS.map(String)));
  });
});
