import { conversations, mailOutbox, messages } from '@lotline/db/schema';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get } from '../identity/test-helpers';
import { markRead, reply, scene, start, thread, verifiedBuyer, write } from './test-helpers';

describe('reading, marking read and paging a conversation; the buyer’s message e-mail setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const unreadOf = async (user: { id: string; cookie: string }) =>
    (await get(t, `/marketplace-api/users/${user.id}/unread-messages`, user.cookie)).json().data.total as number;
  const readMarks = async (id: string) => (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0];

  /** A conversation with `n` buyer messages, Q1 … Qn, one millisecond apart at least. */
  async function threadOf(n: number) {
    const people = await scene(t);
    const id = (await write(t, people.buyer, { eventId: people.event.id, body: 'Q1' })).json().data
      .conversationId as string;
    const base = Date.now() - n * 1000;
    const rows = Array.from({ length: n - 1 }, (_, i) => ({
      id: `msg_paging_${id}_${i + 2}`,
      conversationId: id,
      side: 'buyer' as const,
      authorUserId: people.buyer.id,
      body: `Q${i + 2}`,
      createdAt: new Date(base + (i + 2) * 1000),
    }));
    await t.db
      .update(messages)
      .set({ createdAt: new Date(base + 1000) })
      .where(eq(messages.conversationId, id));
    if (rows.length > 0) await t.db.insert(messages).values(rows);
    return { ...people, id };
  }

  it('GET leaves the unread count as it was, however often; POST …/read marks it read', async () => {
    const { seller, id } = await threadOf(3);
    expect(await unreadOf(seller)).toBe(3);
    for (let i = 0; i < 2; i++) expect((await get(t, thread(id), seller.cookie)).statusCode).toBe(200);
    expect(await unreadOf(seller)).toBe(3);
    expect((await readMarks(id))?.sellerReadAt).toBeNull();

    const res = await markRead(t, seller, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { conversationId: id, unreadCount: 0 } });
    expect(await unreadOf(seller)).toBe(0);
    // Marking again changes nothing.
    expect((await markRead(t, seller, id)).json().data.unreadCount).toBe(0);
  });

  it('marks read up to the message the reader was shown, never back, and refuses a message of another thread', async () => {
    const { seller, id } = await threadOf(3);
    const page = (await get(t, `${thread(id)}?pageSize=2&pageNumber=2`, seller.cookie)).json().data.conversation;
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(['Q1']);
    const upToQ1 = await markRead(t, seller, id, { messageId: page.messages[0]._id });
    expect(upToQ1.json().data.unreadCount).toBe(2);

    const newest = (await get(t, thread(id), seller.cookie)).json().data.conversation.messages.at(-1)._id;
    expect((await markRead(t, seller, id, { messageId: newest })).json().data.unreadCount).toBe(0);
    const mark = (await readMarks(id))?.sellerReadAt;
    // An older message does not move the mark back.
    expect((await markRead(t, seller, id, { messageId: page.messages[0]._id })).json().data.unreadCount).toBe(0);
    expect((await readMarks(id))?.sellerReadAt).toEqual(mark);

    const other = await threadOf(1);
    const fresh = await threadOf(1);
    const foreign = (await get(t, thread(other.id), other.seller.cookie)).json().data.conversation.messages[0]._id;
    for (const body of [{ messageId: foreign }, { messageId: 'msg_missing' }, { messageId: 'x', extra: 1 }]) {
      const res = await markRead(t, fresh.seller, fresh.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
    expect((await readMarks(fresh.id))?.sellerReadAt).toBeNull();
  });

  it('refuses marking read to a visitor (401), a stranger (404) and another origin (403), and changes nothing', async () => {
    const { seller, id } = await threadOf(1);
    const stranger = await verifiedBuyer(t, 'Nosy Parker');
    expect((await send(t, 'POST', `${thread(id)}/read`)).statusCode).toBe(401);
    expect((await markRead(t, stranger, id)).statusCode).toBe(404);
    const csrf = await send(t, 'POST', `${thread(id)}/read`, undefined, {
      cookie: seller.cookie,
      origin: 'https://evil.example',
    });
    expect(csrf.statusCode).toBe(403);
    expect((await readMarks(id))?.sellerReadAt).toBeNull();
    expect(await unreadOf(seller)).toBe(1);
  });

  it('pages a thread: page 1 is the newest messages, oldest first within a page; the last page may be short', async () => {
    const { seller, id } = await threadOf(5);
    const page = async (query: string) => {
      const res = await get(t, `${thread(id)}${query}`, seller.cookie);
      expect(res.statusCode).toBe(200);
      const { messages: list, pagination } = res.json().data.conversation;
      return { bodies: list.map((m: { body: string }) => m.body), pagination };
    };
    expect(await page('?pageSize=2')).toEqual({
      bodies: ['Q4', 'Q5'],
      pagination: { pageNumber: 1, pageSize: 2, totalItems: 5, totalPages: 3 },
    });
    expect((await page('?pageSize=2&pageNumber=2')).bodies).toEqual(['Q2', 'Q3']);
    expect((await page('?pageSize=2&pageNumber=3')).bodies).toEqual(['Q1']);
    expect((await page('?pageSize=2&pageNumber=4')).bodies).toEqual([]);
    expect((await page('?pageSize=5')).bodies).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    expect((await page('?pageSize=4&pageNumber=2')).bodies).toEqual(['Q1']);
    // The default page holds 50 messages.
    expect((await page('')).pagination).toEqual({ pageNumber: 1, pageSize: 50, totalItems: 5, totalPages: 1 });
    for (const bad of ['?pageSize=0', '?pageSize=101', '?pageNumber=0', '?pageNumber=x', '?page=2']) {
      const res = await get(t, `${thread(id)}${bad}`, seller.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
  });

  it('e-mails the buyer a seller’s answer only while "When a seller answers my message" is on', async () => {
    const { buyer, seller, event } = await scene(t);
    const id = (await write(t, buyer, { eventId: event.id, body: 'Hours?' })).json().data.conversationId as string;
    const mailsToBuyer = async () =>
      (
        await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, 'New message about %')))
      ).length;
    const setting = (value: Record<string, boolean>) =>
      send(
        t,
        'PUT',
        `/marketplace-api/users/${buyer.id}/vars/notification_settings`,
        { value },
        {
          cookie: buyer.cookie,
        },
      );

    expect((await setting({ messages: false, outbid: true })).statusCode).toBe(200);
    expect((await reply(t, seller, id, { body: 'About 4,000.' })).statusCode).toBe(201);
    expect(await mailsToBuyer()).toBe(0);

    expect((await setting({ messages: true })).statusCode).toBe(200);
    expect((await reply(t, seller, id, { body: 'And serviced.' })).statusCode).toBe(201);
    expect(await mailsToBuyer()).toBe(1);

    // Another setting turned off does not silence messages (unset means on).
    expect((await setting({ outbid: false })).statusCode).toBe(200);
    expect((await reply(t, seller, id, { body: 'Pickup Friday.' })).statusCode).toBe(201);
    expect(await mailsToBuyer()).toBe(2);
    expect((await get(t, start(buyer.id), buyer.cookie)).json().data.totalUnread).toBe(3);
  });
});
