import { expect, test } from '@playwright/test';
import { signInAt } from '../support/sign-in';
import { demoEvents } from './event-helpers';

/**
 * A long thread is paged (decision 0029): the thread page shows the newest 50
 * messages, a link leads to older ones and back. Each browser project writes
 * to the seller of an event no other spec messages.
 */

test('a thread of 52 messages shows the newest 50, with links to the older page and back', async ({ page }, info) => {
  test.setTimeout(180_000);
  const events = await demoEvents(page.request);
  const event = events[info.project.name === 'phone' ? 5 : 4];
  if (!event) throw new Error(`not enough demo events with a seller user (${events.length})`);
  await signInAt(page, 'buyer@example.com', '/account/messages');

  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  const origin = new URL(page.url()).origin;
  const post = (path: string, data?: unknown) => page.request.post(path, { headers: { origin }, data });
  expect((await post(`/marketplace-api/users/${me.id}/bidder-terms?eventId=${event.id}`)).ok()).toBe(true);
  const tag = `${info.project.name}-${Date.now()}`;
  let conversationId = '';
  for (let i = 1; i <= 52; i++) {
    const res = await post(`/marketplace-api/users/${me.id}/conversations`, {
      eventId: event.id,
      body: `Paging ${tag} #${i}`,
    });
    expect(res.ok()).toBe(true);
    conversationId = (await res.json()).data.conversationId;
  }

  await page.goto(`/account/messages/${conversationId}`);
  const list = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(list).toHaveCount(50);
  await expect(list.last()).toContainText(`Paging ${tag} #52`);
  const pages = page.getByRole('navigation', { name: 'Pages of this conversation' });
  await expect(pages.getByRole('link', { name: 'Newer messages' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Older messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/messages/${conversationId}\\?page=2$`));
  await expect(list.first()).toContainText(`Paging ${tag} #1`);
  await expect(pages.getByRole('link', { name: 'Older messages' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Newer messages' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/messages/${conversationId}$`));
  await expect(list).toHaveCount(50);
});
