import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { demoEvents } from './event-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * A long thread is paged (decision 0029): the thread page shows the newest 50
 * messages, a link leads to older ones and back. The paging rules (page sizes,
 * order, the short last page) are apps/api's messaging/thread-reads.test.ts;
 * this checks the page's controls, on a thread written through the API. Each
 * browser project writes to the seller of an event no other spec messages.
 */

test('a thread of 52 messages shows the newest 50, with links to the older page and back', async ({ page }, info) => {
  const events = await demoEvents(page.request);
  const event = events[info.project.name === 'phone' ? 5 : 4];
  if (!event) throw new Error(`not enough demo events with a seller user (${events.length})`);
  await newVerifiedBuyer(page, 'messages-paging', [GOOD_CARD]);

  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const post = (path: string, data?: unknown) => page.request.post(path, { headers: { origin }, data });
  expect((await post(`/marketplace-api/users/${me.id}/bidder-terms?eventId=${event.id}`)).ok()).toBe(true);
  const tag = `${info.project.name}-${Date.now()}`;
  const write = async (i: number) => {
    const res = await post(`/marketplace-api/users/${me.id}/conversations`, {
      eventId: event.id,
      body: `Paging ${tag} #${i}`,
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data.conversationId as string;
  };
  // #1 and #2 first, one after the other: the older page holds them, in that order. #3 to #51 a few at a time
  // (which of them is older does not matter: they are the newest page with #52), then #52, the newest.
  await write(1);
  await write(2);
  for (let i = 3; i <= 51; i += 7) {
    await Promise.all(Array.from({ length: Math.min(7, 52 - i) }, (_, k) => write(i + k)));
  }
  const conversationId = await write(52);

  await gotoReady(page, `/account/messages/${conversationId}`);
  const list = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(list).toHaveCount(50);
  // The newest 50, oldest first: this run's #3 to #52. (A site that ran the spec before holds older messages of
  // the same thread, the buyer's with that seller: they are on the pages after.)
  await expect(list.filter({ hasText: `Paging ${tag} #` })).toHaveCount(50);
  await expect(list.last()).toContainText(`Paging ${tag} #52`);
  const pages = page.getByRole('navigation', { name: 'Pages of this conversation' });
  await expect(pages.getByRole('link', { name: 'Newer messages' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Older messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/messages/${conversationId}\\?page=2$`));
  await expect(list.filter({ hasText: `Paging ${tag} #` })).toHaveCount(2);
  await expect(list.last()).toContainText(`Paging ${tag} #2`);
  if ((await list.count()) < 50) await expect(pages.getByRole('link', { name: 'Older messages' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Newer messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/messages/${conversationId}$`));
  await expect(list).toHaveCount(50);
});
