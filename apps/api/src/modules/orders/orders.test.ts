import { addresses, featureFlags, mailOutbox, orderPayments, taxExemptions, users } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { buy, buyNowLot, get, pdfText } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ordersUrl = (userId: string) => `/marketplace-api/users/${userId}/orders`;

describe('the buyer reads their orders', () => {
  it('lists newest first, paged, in the contract shape; one order has its totals, history and amount due', async () => {
    const buyer = await bidder(t, undefined);
    const lot = await buyNowLot(t);
    const first = await buy(t, buyer.id, lot.id);
    const second = await buy(t, buyer.id, lot.id, { quantity: 2 });
    const page = await get(t, `${ordersUrl(buyer.id)}?pageSize=1`, buyer.cookie);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 1, totalItems: 2, totalPages: 2 });
    expect(data.orders.map((o: { _id: string }) => o._id)).toEqual([second.id]);

    const one = await get(t, `${ordersUrl(buyer.id)}/${first.id}`, buyer.cookie);
    expect(one.statusCode).toBe(200);
    // 10,000 + 15% premium 1,500 + rigging 500 = 12,000; tax 8.25% = 990 → 12,990.
    expect(one.json().data.order).toMatchObject({
      _id: first.id,
      number: first.number,
      status: 'OrderPending',
      subtotal: 10_000,
      buyersPremium: 1500,
      fees: [{ kind: 'rigging', amount: 500 }],
      tax: 990,
      total: 12_990,
      amountDue: 12_990,
      depositApplied: 0,
      source: 'buy-now',
      approval: 'approved',
      document: 'invoice',
      history: [expect.objectContaining({ event: 'placed' }), expect.objectContaining({ event: 'approved' })],
      conversationId: null,
    });
    expect(one.json().data.order.wireInstructions.join('\n')).toContain(first.number);
  });

  it('counts succeeded payments and the deposit in the amount due', async () => {
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id, { depositApplied: 2990 });
    await t.db.insert(orderPayments).values({
      id: `op_${order.id}`,
      orderId: order.id,
      kind: 'charge',
      amount: 4000,
      currency: 'USD',
      status: 'succeeded',
    });
    const res = await get(t, `${ordersUrl(buyer.id)}/${order.id}`, buyer.cookie);
    expect(res.json().data.order).toMatchObject({ total: 12_990, depositApplied: 2990, amountDue: 6000 });
  });

  it('refuses no session (401), another user (403), and an order not theirs under their id (404)', async () => {
    const buyer = await bidder(t, undefined);
    const other = await signUpUser(t);
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id);
    expect((await get(t, ordersUrl(buyer.id))).statusCode).toBe(401);
    expect((await get(t, ordersUrl(buyer.id), other.cookie)).statusCode).toBe(403);
    expect((await get(t, `${ordersUrl(buyer.id)}/${order.id}/invoice.pdf`, other.cookie)).statusCode).toBe(403);
    expect((await get(t, `${ordersUrl(other.id)}/${order.id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, `${ordersUrl(other.id)}/${order.id}/invoice.pdf`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, `${ordersUrl(other.id)}`, other.cookie)).json().data.orders).toEqual([]);
    expect((await get(t, `${ordersUrl(buyer.id)}?pageSize=0`, buyer.cookie)).statusCode).toBe(400);
  });
});

describe('the PDF', () => {
  it('is an invoice: number, seller, bill-to with a non-Latin-1 address, lines, premium, fees, tax with rate, total, wire', async () => {
    const buyer = await bidder(t, undefined);
    await t.db.update(users).set({ name: 'Zofia Łukasiewicz' }).where(eq(users.id, buyer.id));
    await t.db.insert(addresses).values({
      id: `addr_${buyer.id}`,
      userId: buyer.id,
      type: 'billing',
      name: 'Zofia Łukasiewicz',
      line1: '12 Rue de l’Œuvre',
      city: 'Montréal',
      region: 'QC',
      postalCode: 'H2X 1Y4',
      country: 'CA',
      phone: '+1 514 555 0100',
    });
    const company = await t.make.company({ name: 'Ærø Machinery ApS' });
    const order = await buy(t, buyer.id, (await buyNowLot(t, { companyId: company.id, name: 'CNC lathe' })).id);
    const res = await get(t, `${ordersUrl(buyer.id)}/${order.id}/invoice.pdf`, buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      `Invoice ${order.number}`,
      'Ærø Machinery ApS',
      'Zofia Łukasiewicz',
      '12 Rue de l’Œuvre',
      'Montréal, QC H2X 1Y4',
      'CNC lathe',
      "Buyer's premium (15%)",
      '$15.00',
      'Rigging fee',
      '$5.00',
      'Sales tax (8.25%)',
      '$9.90',
      '$129.90',
      'Amount due',
      'Awaiting payment',
      'Pay by wire transfer',
      `Reference: ${order.number}`,
    ])
      expect(text).toContain(expected);
  });

  it('is a receipt for a buy-now order without invoices: no tax-invoice wording, no wire', async () => {
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id, { document: 'receipt' });
    const text = await pdfText(
      (await get(t, `${ordersUrl(buyer.id)}/${order.id}/invoice.pdf`, buyer.cookie)).rawPayload,
    );
    expect(text).toContain(`Receipt ${order.number}`);
    expect(text).not.toContain('Invoice');
    expect(text).not.toContain('Sales tax');
    expect(text).not.toContain('wire');
    expect((await get(t, `${ordersUrl(buyer.id)}/${order.id}`, buyer.cookie)).json().data.order.wireInstructions).toBe(
      null,
    );
  });

  it('prints the exemption in place of tax for an exempt buyer', async () => {
    const buyer = await bidder(t, undefined);
    await t.db.insert(taxExemptions).values({
      id: `tx_${buyer.id}`,
      userId: buyer.id,
      documentType: 'user',
      documentId: buyer.id,
      status: 'active',
      region: 'TX',
      fileKey: `file_${buyer.id}`,
      expiresAt: new Date('2099-01-01T00:00:00Z'),
    });
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id);
    const text = await pdfText(
      (await get(t, `${ordersUrl(buyer.id)}/${order.id}/invoice.pdf`, buyer.cookie)).rawPayload,
    );
    expect(text).toContain("Tax exempt: the buyer's exemption certificate for TX is on file and active");
    expect(text).not.toContain('Sales tax');
    expect(text).toContain('$120.00');
  });

  it('prints no wire for a CAD order while CAD_WIRE_TRANSFER is off, and does with it on', async () => {
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t, { currency: 'CAD' })).id);
    const read = async () =>
      pdfText((await get(t, `${ordersUrl(buyer.id)}/${order.id}/invoice.pdf`, buyer.cookie)).rawPayload);
    await t.db
      .insert(featureFlags)
      .values({ key: 'CAD_WIRE_TRANSFER', enabled: false })
      .onConflictDoUpdate({ target: featureFlags.key, set: { enabled: false } });
    expect(await read()).not.toContain('Pay by wire transfer');
    await t.db.update(featureFlags).set({ enabled: true }).where(eq(featureFlags.key, 'CAD_WIRE_TRANSFER'));
    expect(await read()).toContain('Pay by wire transfer');
  });
});

describe('the e-mails of a new order', () => {
  it('tells the buyer the order is placed and sends the invoice with the PDF attached', async () => {
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, buyer.email))
      .orderBy(desc(mailOutbox.createdAt));
    const placed = mails.find((m) => m.subject === `Order ${order.number} placed`);
    expect(placed?.text).toContain(`/account/orders/${order.id}`);
    const invoice = mails.find((m) => m.subject === `Your invoice for order ${order.number}`);
    expect(invoice?.attachments).toHaveLength(1);
    const [file] = invoice?.attachments ?? [];
    expect(file).toMatchObject({ filename: `${order.number}-invoice.pdf`, contentType: 'application/pdf' });
    expect(await pdfText(Buffer.from(file?.contentBase64 ?? '', 'base64'))).toContain(`Invoice ${order.number}`);
  });

  it('an order awaiting approval gets "placed" with the deadline, and no invoice yet', async () => {
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t)).id, { approval: 'awaiting' });
    const subjects = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).map((m) => m.subject);
    expect(subjects).toContain(`Order ${order.number} placed`);
    expect(subjects).not.toContain(`Your invoice for order ${order.number}`);
  });
});
