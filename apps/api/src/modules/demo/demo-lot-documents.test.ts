import { lotDocuments, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorageFor } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { get } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { policyKey } from '../uploads/local-policy';
import { demoLotDocuments } from './demo-lot-documents';
import { demoSellerLots } from './demo-seller-lots';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const storage = () => uploadStorageFor(t.config, policyKey(t.config.authSecret as string));

describe('demoLotDocuments', () => {
  it('skips without the demo lot', async () => {
    const messages: string[] = [];
    await demoLotDocuments({ db: t.db, storage: storage(), log: (m) => messages.push(m) });
    expect(messages).toEqual(['Demo lot documents: skipped (no demo lot 1 of "Lab instruments consignment (draft)")']);
  });

  it('attaches a stored PDF to lot 1 of the demo draft event, readable by its seller only', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    await t.db.update(users).set({ email: 'seller-northern-lab-exchange@example.com' }).where(eq(users.id, seller.id));
    const messages: string[] = [];
    await demoSellerLots({ db: t.db, log: (m) => messages.push(m) });
    await demoLotDocuments({ db: t.db, storage: storage(), log: (m) => messages.push(m) });
    const rows = await t.db.select().from(lotDocuments);
    expect(rows.map((r) => [r.fileName, r.description, r.contentType])).toEqual([
      ['gas-chromatograph-manual.pdf', 'Operator manual', 'application/pdf'],
    ]);
    const url = rows[0]?.url ?? '';
    const file = await get(t, url, seller.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(t, url)).statusCode).toBe(404);
    expect(messages.at(-1)).toBe(
      'Demo lot documents: an operator manual on lot 1 of "Lab instruments consignment (draft)"',
    );
  });
});
