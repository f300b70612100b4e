import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { send } from '../../account/test-helpers';
import { signUpUser } from '../../identity/test-helpers';
import { VISA } from '../../payments/test-helpers';
import { bidder } from '../../registrations/test-helpers';
import { signUpStaff } from '../../tax-exemptions/test-helpers';
import { get, pdfText } from '../test-helpers';
import { createOrderFor } from './test-orders';

/** Decision 0070: staff set the receiving bank per currency; without one, no invoice offers wire. */
let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  // A fresh deployment: no account set.
  t = await createTestApp({ wireAccounts: false, config: { featureOverrides: { CAD_WIRE_TRANSFER: true } } });
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const URL = '/marketplace-api/staff/wire-accounts';
const USD = {
  beneficiary: 'Lotline Marketplace Inc.',
  bankName: 'Gulf Coast Trust, Houston, TX',
  accountNumber: '998877665544',
  bankCode: 'ABA 021000021 · SWIFT GCTBUS33',
  referenceNote: 'Fedwire only; no checks.',
};
const codeOf = (res: { json(): unknown }) => (res.json() as { errors: { code: string }[] }).errors[0]?.code;
const orderUrl = (u: string, o: string) => `/marketplace-api/users/${u}/orders/${o}`;

describe('staff wire accounts', () => {
  it('staff set, replace, list and remove an account; a visitor gets 401, another user 403', async () => {
    const someone = await signUpUser(t);
    expect((await get(t, URL)).statusCode).toBe(401);
    expect((await send(t, 'PUT', `${URL}/USD`, USD)).statusCode).toBe(401);
    expect((await get(t, URL, someone.cookie)).statusCode).toBe(403);
    expect((await send(t, 'PUT', `${URL}/USD`, USD, someone)).statusCode).toBe(403);
    expect((await send(t, 'DELETE', `${URL}/USD`, undefined, someone)).statusCode).toBe(403);
    expect((await get(t, URL, staff.cookie)).json().data.wireAccounts).toEqual([]);

    const set = await send(t, 'PUT', `${URL}/CAD`, { ...USD, referenceNote: undefined }, staff);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.wireAccount).toMatchObject({ currency: 'CAD', referenceNote: '' });
    const replaced = await send(t, 'PUT', `${URL}/CAD`, { ...USD, bankName: '  Northern Maple Bank  ' }, staff);
    expect(replaced.json().data.wireAccount).toMatchObject({
      bankName: 'Northern Maple Bank',
      referenceNote: USD.referenceNote,
    });
    const listed = (await get(t, URL, staff.cookie)).json().data.wireAccounts;
    expect(listed).toEqual([expect.objectContaining({ currency: 'CAD', bankName: 'Northern Maple Bank' })]);

    expect((await send(t, 'DELETE', `${URL}/CAD`, undefined, staff)).statusCode).toBe(200);
    expect((await get(t, URL, staff.cookie)).json().data.wireAccounts).toEqual([]);
    const gone = await send(t, 'DELETE', `${URL}/CAD`, undefined, staff);
    expect([gone.statusCode, codeOf(gone)]).toEqual([404, 'NOT_FOUND']);
  });

  it.each([
    ['an unknown currency', 'EUR', USD],
    ['a missing field', 'USD', { ...USD, bankCode: undefined }],
    ['a blank field', 'USD', { ...USD, beneficiary: '   ' }],
    ['a field over its length', 'USD', { ...USD, accountNumber: '1'.repeat(65) }],
    ['a field of two lines', 'USD', { ...USD, bankName: 'Bank\nEvil line' }],
    ['an unknown field', 'USD', { ...USD, iban: 'DE00' }],
  ])('refuses %s with 400, storing nothing', async (_, currency, body) => {
    const res = await send(t, 'PUT', `${URL}/${currency}`, body, staff);
    expect([res.statusCode, codeOf(res)]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await get(t, URL, staff.cookie)).json().data.wireAccounts).toEqual([]);
  });

  it('without an account an invoice offers no wire (page and PDF) and choosing it is 409 WIRE_NOT_OFFERED; once set, it does', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await createOrderFor(t, buyer.id);
    const page = await get(t, orderUrl(buyer.id, order.id), buyer.cookie);
    expect(page.json().data.order).toMatchObject({ document: 'invoice', wireInstructions: null });
    const pdf = await pdfText((await get(t, `${orderUrl(buyer.id, order.id)}/invoice.pdf`, buyer.cookie)).rawPayload);
    expect(pdf).toContain(`Invoice ${order.number}`);
    expect(pdf).not.toContain('wire');
    const refused = await send(t, 'POST', `${orderUrl(buyer.id, order.id)}/wire`, undefined, buyer);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'WIRE_NOT_OFFERED']);

    expect((await send(t, 'PUT', `${URL}/USD`, USD, staff)).statusCode).toBe(200);
    const lines = (await get(t, orderUrl(buyer.id, order.id), buyer.cookie)).json().data.order.wireInstructions;
    expect(lines.join('\n')).toContain('Beneficiary: Lotline Marketplace Inc.');
    expect(lines.join('\n')).toContain('Account number: 998877665544');
    expect(lines.join('\n')).toContain(`Reference: ${order.number}`);
    expect(lines.join('\n')).toContain('Fedwire only; no checks.');
    const printed = await pdfText(
      (await get(t, `${orderUrl(buyer.id, order.id)}/invoice.pdf`, buyer.cookie)).rawPayload,
    );
    for (const expected of ['Pay by wire transfer', 'Gulf Coast Trust, Houston, TX', 'GCTBUS33'])
      expect(printed).toContain(expected);
    const chosen = await send(t, 'POST', `${orderUrl(buyer.id, order.id)}/wire`, undefined, buyer);
    expect(chosen.json().data.order.paymentKind).toBe('wire');

    // Another currency still has none: a CAD order offers no wire though CAD_WIRE_TRANSFER is on.
    const cad = await createOrderFor(t, buyer.id, { currency: 'CAD' });
    expect((await get(t, orderUrl(buyer.id, cad.id), buyer.cookie)).json().data.order.wireInstructions).toBeNull();
    expect(codeOf(await send(t, 'POST', `${orderUrl(buyer.id, cad.id)}/wire`, undefined, buyer))).toBe(
      'WIRE_NOT_OFFERED',
    );
    await send(t, 'DELETE', `${URL}/USD`, undefined, staff);
  });
});
