import { conversations, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send, signUpAdmin } from '../account/test-helpers';
import { get, latestMailTo, signUpUser } from '../identity/test-helpers';
import * as m from './test-helpers';
import { start, thread } from './test-helpers';

describe('messages between buyers and sellers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts a conversation, e-mails the seller users, and continues it when the buyer writes again', async () => {
    const { event, seller, buyer } = await m.scene(t);
    const first = await m.write(t, buyer, { eventId: event.id, body: '  Is the forklift running?  ' });
    expect(first.statusCode).toBe(201);
    const { conversationId, message } = first.json().data;
    expect(message).toMatchObject({ side: 'buyer', authorName: 'Pat Buyer', body: 'Is the forklift running?' });

    const mail = await latestMailTo(t, seller.email);
    expect(mail?.subject).toBe('New message about Houston Plant Closure');
    expect(mail?.text).toContain('Is the forklift running?');
    expect(mail?.text).toContain(`http://localhost:3000/seller/messages/${conversationId}`);

    const again = await m.write(t, buyer, { eventId: event.id, body: 'And the loader?' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.conversationId).toBe(conversationId);
    expect(await m.messagesOf(t, conversationId)).toHaveLength(2);
  });

  it('keeps a conversation about a lot apart from the one about its event, and refuses a lot of another event', async () => {
    const { event, buyer } = await m.scene(t);
    const lot = await t.make.lot({ companyId: event.companyId, eventId: event.id, name: 'CAT 950 loader' });
    const other = await t.make.lot({ name: 'Elsewhere' });
    const aboutLot = await m.write(t, buyer, { eventId: event.id, eventLotId: lot.id, body: 'Hours?' });
    expect(aboutLot.statusCode).toBe(201);
    const aboutEvent = await m.write(t, buyer, { eventId: event.id, body: 'Pickup dates?' });
    expect(aboutEvent.statusCode).toBe(201);
    expect(aboutEvent.json().data.conversationId).not.toBe(aboutLot.json().data.conversationId);

    const wrong = await m.write(t, buyer, { eventId: event.id, eventLotId: other.id, body: 'Hi' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'eventLotId' });
    const inbox = (await get(t, start(buyer.id), buyer.cookie)).json().data;
    expect(inbox.conversations.map((c: { eventLot: { name: string } | null }) => c.eventLot?.name ?? null)).toEqual([
      null,
      'CAT 950 loader',
    ]);
  });

  it('answers 403 NOT_VERIFIED, then TERMS_NOT_AGREED, and stores nothing', async () => {
    const event = await t.make.event();
    const user = await signUpUser(t);
    const body = { eventId: event.id, body: 'Hello' };
    const unverified = await send(t, 'POST', start(user.id), body, { cookie: user.cookie });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().errors[0]).toEqual({
      code: 'NOT_VERIFIED',
      message: 'Complete the verification of your account before you contact a seller.',
    });
    await t.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
    const noTerms = await send(t, 'POST', start(user.id), body, { cookie: user.cookie });
    expect(noTerms.statusCode).toBe(403);
    expect(noTerms.json().errors[0].code).toBe('TERMS_NOT_AGREED');
    // Terms of another event do not count.
    await m.agree(t, user, (await t.make.event()).id);
    expect((await send(t, 'POST', start(user.id), body, { cookie: user.cookie })).statusCode).toBe(403);
    expect(await t.db.select().from(conversations).where(eq(conversations.buyerUserId, user.id))).toHaveLength(0);

    await m.agree(t, user, event.id);
    expect((await send(t, 'POST', start(user.id), body, { cookie: user.cookie })).statusCode).toBe(201);
  });

  it("lets an admin read a user's inbox and unread counts (contract §1) but not write as them", async () => {
    const { event, buyer } = await m.scene(t);
    await m.write(t, buyer, { eventId: event.id, body: 'Is it running?' });
    const admin = await signUpAdmin(t);
    const inbox = await get(t, start(buyer.id), admin.cookie);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().data).toEqual((await get(t, start(buyer.id), buyer.cookie)).json().data);
    const unread = await get(t, `/marketplace-api/users/${buyer.id}/unread-messages`, admin.cookie);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().data).toEqual(
      (await get(t, `/marketplace-api/users/${buyer.id}/unread-messages`, buyer.cookie)).json().data,
    );
    const write = await send(t, 'POST', start(buyer.id), { eventId: event.id, body: 'Hi' }, { cookie: admin.cookie });
    expect(write.statusCode).toBe(403);
  });

  it('refuses a visitor (401), another user path and another origin (403), an unknown or draft event (404)', async () => {
    const { event, buyer } = await m.scene(t);
    const body = { eventId: event.id, body: 'Hello' };
    const visitor = await send(t, 'POST', start(buyer.id), body);
    expect(visitor.statusCode).toBe(401);
    expect((await get(t, start(buyer.id))).statusCode).toBe(401);
    expect((await get(t, '/marketplace-api/seller/conversations')).statusCode).toBe(401);
    const other = await m.verifiedBuyer(t);
    expect((await send(t, 'POST', start(buyer.id), body, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await get(t, start(buyer.id), other.cookie)).statusCode).toBe(403);
    const csrf = await send(t, 'POST', start(buyer.id), body, { cookie: buyer.cookie, origin: 'https://evil.example' });
    expect(csrf.statusCode).toBe(403);
    const draft = await t.make.event({ status: 'draft' });
    for (const eventId of ['ev_missing', draft.id]) {
      const res = await m.write(t, buyer, { eventId, body: 'Hi' });
      expect(res.statusCode).toBe(404);
    }
    expect(await t.db.select().from(conversations).where(eq(conversations.buyerUserId, buyer.id))).toHaveLength(0);
  });

  it('answers 400 for an empty, blank, too long or unknown-field body and stores nothing', async () => {
    const { event, buyer } = await m.scene(t);
    const cases: [unknown, string][] = [
      [{ eventId: event.id, body: '' }, 'Write a message.'],
      [{ eventId: event.id, body: '   \n ' }, 'Write a message.'],
      [{ eventId: event.id, body: 'x'.repeat(5001) }, 'A message can be at most 5000 characters long.'],
      [{ eventId: event.id }, 'Write a message.'],
    ];
    for (const [body, message] of cases) {
      const res = await send(t, 'POST', start(buyer.id), body, { cookie: buyer.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body', message });
    }
    const extra = await m.write(t, buyer, { eventId: event.id, body: 'ok', urgent: true });
    expect(extra.statusCode).toBe(400);
    expect(await t.db.select().from(conversations).where(eq(conversations.buyerUserId, buyer.id))).toHaveLength(0);
    const fits = await m.write(t, buyer, { eventId: event.id, body: 'y'.repeat(5000) });
    expect(fits.statusCode).toBe(201);
  });

  it('lets the seller answer as the company; unread counts and read marks follow each side', async () => {
    const { company, event, seller, buyer } = await m.scene(t);
    const started = await m.write(t, buyer, { eventId: event.id, body: 'Q1' });
    const id = started.json().data.conversationId as string;
    await m.write(t, buyer, { eventId: event.id, body: 'Q2' });

    const sellerInbox = (await get(t, '/marketplace-api/seller/conversations', seller.cookie)).json().data;
    expect(sellerInbox.totalUnread).toBe(2);
    expect(sellerInbox.conversations).toEqual([
      expect.objectContaining({
        _id: id,
        event: { _id: event.id, name: 'Houston Plant Closure' },
        eventLot: null,
        company: { _id: company.id, name: 'Acme Liquidators' },
        buyer: { name: 'Pat Buyer' },
        unreadCount: 2,
        lastMessage: expect.objectContaining({ body: 'Q2', side: 'buyer' }),
      }),
    ]);
    const unread = `/marketplace-api/users/${seller.id}/unread-messages`;
    expect((await get(t, unread, seller.cookie)).json().data).toEqual({ buyer: 0, seller: 2, total: 2 });

    // The seller reads the thread (which changes nothing), then marks it read: for the seller side only.
    const read = (await get(t, thread(id), seller.cookie)).json().data.conversation;
    expect(read.viewerSide).toBe('seller');
    expect(read.messages.map((m: { body: string }) => m.body)).toEqual(['Q1', 'Q2']);
    expect((await get(t, '/marketplace-api/seller/conversations', seller.cookie)).json().data.totalUnread).toBe(2);
    expect((await m.markRead(t, seller, id)).json().data).toEqual({ conversationId: id, unreadCount: 0 });
    expect((await get(t, '/marketplace-api/seller/conversations', seller.cookie)).json().data.totalUnread).toBe(0);

    const answer = await m.reply(t, seller, id, { body: 'Yes, it runs.' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.message).toMatchObject({ side: 'seller', authorName: 'Acme Liquidators' });
    const mail = await latestMailTo(t, buyer.email);
    expect(mail?.subject).toBe('New message about Houston Plant Closure');
    expect(mail?.text).toContain('Acme Liquidators wrote about Houston Plant Closure:');
    expect(mail?.text).toContain(`/account/messages/${id}`);

    const buyerInbox = (await get(t, start(buyer.id), buyer.cookie)).json().data;
    expect(buyerInbox.totalUnread).toBe(1);
    expect(buyerInbox.conversations[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { authorName: 'Acme Liquidators' },
    });
    const buyerView = (await get(t, thread(id), buyer.cookie)).json().data.conversation;
    expect(buyerView.viewerSide).toBe('buyer');
    expect(buyerView.messages.at(-1)).toMatchObject({ authorName: 'Acme Liquidators', body: 'Yes, it runs.' });
    expect(JSON.stringify(buyerView)).not.toContain('Sam Seller');
    expect((await get(t, start(buyer.id), buyer.cookie)).json().data.totalUnread).toBe(1);
    expect((await m.markRead(t, buyer, id)).statusCode).toBe(200);
    expect((await get(t, start(buyer.id), buyer.cookie)).json().data.totalUnread).toBe(0);
    // The author's own message never counts as unread for the author's side.
    expect((await get(t, unread, seller.cookie)).json().data.total).toBe(0);
  });

  it('checks participants on every read and write: others get 404, non-sellers have no seller inbox', async () => {
    const { event, buyer } = await m.scene(t);
    const id = (await m.write(t, buyer, { eventId: event.id, body: 'Hi' })).json().data.conversationId as string;
    const stranger = await m.verifiedBuyer(t, 'Nosy Parker');
    const otherSeller = await m.sellerOf(t, (await t.make.company()).id);
    for (const who of [stranger, otherSeller]) {
      expect((await get(t, thread(id), who.cookie)).statusCode).toBe(404);
      const write = await m.reply(t, who, id, { body: 'Me too' });
      expect(write.statusCode).toBe(404);
    }
    expect(await m.messagesOf(t, id)).toHaveLength(1);
    const noInbox = await get(t, '/marketplace-api/seller/conversations', stranger.cookie);
    expect(noInbox.statusCode).toBe(403);
    expect((await get(t, thread(id))).statusCode).toBe(401);
    const csrf = await send(
      t,
      'POST',
      `${thread(id)}/messages`,
      { body: 'x' },
      { cookie: buyer.cookie, origin: 'https://evil.example' },
    );
    expect(csrf.statusCode).toBe(403);
    const blank = await m.reply(t, buyer, id, { body: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(await m.messagesOf(t, id)).toHaveLength(1);
  });

  it('does not let a seller user contact their own company', async () => {
    const { company, event } = await m.scene(t);
    const insider = await m.sellerOf(t, company.id, 'Ivy Insider');
    await t.db.update(users).set({ verified: true }).where(eq(users.id, insider.id));
    await m.agree(t, insider, event.id);
    const res = await m.write(t, insider, { eventId: event.id, body: 'Hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('FORBIDDEN');
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths['/marketplace-api/users/{userId}/conversations'] ?? {})).toEqual(['get', 'post']);
    expect(doc.paths['/marketplace-api/seller/conversations']?.get).toBeDefined();
    expect(doc.paths['/marketplace-api/conversations/{conversationId}']?.get).toBeDefined();
    expect(doc.paths['/marketplace-api/conversations/{conversationId}/messages']?.post).toBeDefined();
    expect(doc.paths['/marketplace-api/conversations/{conversationId}/read']?.post).toBeDefined();
    expect(doc.paths['/marketplace-api/users/{userId}/unread-messages']?.get).toBeDefined();
  });
});
