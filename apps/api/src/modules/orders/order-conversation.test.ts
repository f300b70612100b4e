import { conversations, featureFlags, mailOutbox, messages } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sellerOf } from '../messaging/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { buy, buyNowLot, get, post } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setFlag = (enabled: boolean) =>
  t.db
    .insert(featureFlags)
    .values({ key: 'ORDER_CONVERSATION', enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled } });

async function scene() {
  const company = await t.make.company({ name: 'Gulf Surplus' });
  const seller = await sellerOf(t, company.id);
  const buyer = await bidder(t, undefined);
  const order = await buy(t, buyer.id, (await buyNowLot(t, { companyId: company.id })).id);
  return { seller, buyer, order };
}

const write = (cookie: string, orderId: string, body: unknown) =>
  post(t, `/marketplace-api/orders/${orderId}/messages`, cookie, body);

describe('ORDER_CONVERSATION', () => {
  it('on: the buyer starts the order’s thread, the seller answers in it; both read it and it is in the seller inbox', async () => {
    await setFlag(true);
    const { seller, buyer, order } = await scene();
    const first = await write(buyer.cookie, order.id, { body: 'When can I collect it?' });
    expect(first.statusCode).toBe(201);
    const { conversationId } = first.json().data;
    const answer = await write(seller.cookie, order.id, { body: 'Any weekday, 8 to 4.' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({
      conversationId,
      message: { side: 'seller', authorName: 'Gulf Surplus' },
    });

    const thread = await get(t, `/marketplace-api/conversations/${conversationId}`, buyer.cookie);
    expect(thread.json().data.conversation).toMatchObject({ order: { _id: order.id, number: order.number } });
    expect(thread.json().data.conversation.messages).toHaveLength(2);
    const inbox = await get(t, '/marketplace-api/seller/conversations', seller.cookie);
    expect(inbox.json().data.conversations.map((c: { _id: string }) => c._id)).toContain(conversationId);
    const read = await get(t, `/marketplace-api/users/${buyer.id}/orders/${order.id}`, buyer.cookie);
    expect(read.json().data.order.conversationId).toBe(conversationId);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email));
    expect(mails.some((m) => m.text.includes(`order ${order.number}`))).toBe(true);
  });

  it('refuses a stranger (404), an empty message (400) and no session (401)', async () => {
    await setFlag(true);
    const { buyer, order } = await scene();
    const stranger = await bidder(t, undefined);
    expect((await write(stranger.cookie, order.id, { body: 'Hi' })).statusCode).toBe(404);
    expect((await write(buyer.cookie, order.id, { body: '   ' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/marketplace-api/orders/${order.id}/messages`,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ body: 'Hi' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('off: no thread can be started (404) and nothing is stored', async () => {
    await setFlag(false);
    const { buyer, order } = await scene();
    expect((await write(buyer.cookie, order.id, { body: 'Hello?' })).statusCode).toBe(404);
    expect(await t.db.select().from(conversations).where(eq(conversations.orderId, order.id))).toEqual([]);
  });

  it('off: a thread started while it was on is neither listed, counted, read nor answered; on again, it is back', async () => {
    await setFlag(true);
    const { seller, buyer, order } = await scene();
    const first = await write(buyer.cookie, order.id, { body: 'Is the crate included?' });
    const { conversationId } = first.json().data;
    expect((await write(seller.cookie, order.id, { body: 'Yes, on a pallet.' })).statusCode).toBe(201);
    const thread = `/marketplace-api/conversations/${conversationId}`;
    const seen = async () => ({
      buyerInbox: (await get(t, `/marketplace-api/users/${buyer.id}/conversations`, buyer.cookie))
        .json()
        .data.conversations.map((c: { _id: string }) => c._id),
      sellerInbox: (await get(t, '/marketplace-api/seller/conversations', seller.cookie))
        .json()
        .data.conversations.map((c: { _id: string }) => c._id),
      buyerUnread: (await get(t, `/marketplace-api/users/${buyer.id}/unread-messages`, buyer.cookie)).json().data.buyer,
      read: (await get(t, thread, buyer.cookie)).statusCode,
      onOrder: (await get(t, `/marketplace-api/users/${buyer.id}/orders/${order.id}`, buyer.cookie)).json().data.order
        .conversationId,
    });
    const shown = {
      buyerInbox: [conversationId],
      sellerInbox: [conversationId],
      buyerUnread: 1,
      read: 200,
      onOrder: conversationId,
    };
    expect(await seen()).toEqual(shown);

    await setFlag(false);
    expect(await seen()).toEqual({ buyerInbox: [], sellerInbox: [], buyerUnread: 0, read: 404, onOrder: null });
    const before = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect((await post(t, `${thread}/messages`, seller.cookie, { body: 'Still there?' })).statusCode).toBe(404);
    expect((await post(t, `${thread}/read`, buyer.cookie, {})).statusCode).toBe(404);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual(before);

    await setFlag(true);
    expect(await seen()).toEqual(shown);
  });
});
