import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { requireCompanyMember, requireOwnEvent } from './company-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string }) => err.code,
  );

describe('company access', () => {
  it('lets the company’s seller users in; refuses another company’s (403), a buyer (403), and names an unknown event 404', async () => {
    const event = await t.make.event();
    const mine = await sellerOf(t, event.companyId);
    const other = await sellerOf(t, (await t.make.company()).id);
    const buyer = await signUpUser(t, { name: 'Bea Buyer' });
    expect(await codeOf(requireCompanyMember(t.db, mine.id, event.companyId))).toBe('ok');
    expect((await requireOwnEvent(t.db, mine.id, event.id)).id).toBe(event.id);
    expect(await codeOf(requireCompanyMember(t.db, other.id, event.companyId))).toBe('FORBIDDEN');
    expect(await codeOf(requireOwnEvent(t.db, other.id, event.id))).toBe('FORBIDDEN');
    expect(await codeOf(requireOwnEvent(t.db, buyer.id, event.id))).toBe('FORBIDDEN');
    await expect(requireOwnEvent(t.db, buyer.id, event.id)).rejects.toThrow(
      'Only the users of a seller company have a seller console.',
    );
    expect(await codeOf(requireOwnEvent(t.db, mine.id, 'evt_unknown'))).toBe('NOT_FOUND');
  });
});
