import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, bidder, openLot } from '../bidding/test-helpers';
import { get } from '../identity/test-helpers';
import { lotScene } from '../seller-lots/test-helpers';
import { importWorkers } from './import-workers';
import { csvOf, postImport, row } from './test-helpers';
import { zeros, zipClaiming } from './test-lying-zip';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
};

/**
 * Issue 26 (decision 0065): an archive whose files claim a millionth of their size (100 bytes, inflating to
 * 100 MB of zeros) was inflated whole on the event loop. It is refused within 2 s now, and the API answers
 * bids and /healthz while the preview runs.
 */
describe('a preview whose archive lies about its sizes', () => {
  const cases = [
    { what: 'an XLSX', sheet: () => zipClaiming([zeros('xl/worksheets/sheet1.xml', 100, 100)]), field: 'sheet' },
    {
      what: 'a ZIP of photos',
      sheet: () => csvOf([row('1', { photos: 'a.png' })]),
      zip: () => zipClaiming([zeros('a.png', 100, 100)]),
      field: 'photos',
    },
  ];
  for (const c of cases) {
    it(`${c.what}: refused (400 on ${c.field}) in under 2 s, while a bid placed meanwhile is taken`, async () => {
      const { event, lot } = await openLot(t);
      const pat = await bidder(t, event.id);
      const sheet = c.sheet();
      const zip = c.zip?.();
      let answered = false;
      const started = performance.now();
      const previewing = postImport(t, s.seller, s.eventId, sheet, zip).then((res) => {
        answered = true;
        return { res, ms: performance.now() - started };
      });
      await until(() => importWorkers().running > 0 || answered);
      const readingWhenBidding = importWorkers().running > 0 && !answered;
      const [placed, health] = await Promise.all([bid(t, pat, lot.id, { amount: 100_000 }), get(t, '/healthz')]);
      const { res, ms } = await previewing;

      expect(readingWhenBidding).toBe(true);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(health.statusCode).toBe(200);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: c.field,
        message: expect.stringContaining('inflate past the sizes it declares'),
      });
      expect(ms).toBeLessThan(2000);
    });
  }
});
