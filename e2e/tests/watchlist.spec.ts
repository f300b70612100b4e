import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { newAccountByApi } from './pages-helpers';

/**
 * The My Watchlist page: a visitor is sent to sign in; a signed-in user sees
 * the lots and events they watch, with links, and removes one with its button
 * (the removal is stored by the API, not only hidden).
 */

const uniqueEmail = () => `e2e-watch-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test('a visitor is sent to sign in; a user lists and removes watched lots and events', async ({ page, baseURL }) => {
  await page.goto('/account/watchlist');
  await expect(page).toHaveURL(/\/login\?next=\/account\/watchlist$/);

  // A new account with nothing watched (through the API: the sign-up form has its own specs).
  await newAccountByApi(page, { name: 'Wanda Watcher', email: uniqueEmail() });

  // Watch a lot and its event through the contract's endpoints, with the browser's session cookie.
  const api = page.request;
  const origin = baseURL ?? '';
  const me = await (await api.get('/marketplace-api/users/me')).json();
  const userId: string = me.data.id;
  const lots = await (await api.get('/marketplace/api/event/event-lots?pageSize=50')).json();
  const lot = lots.data.eventLots.find((l: { _source: { eventId: string | null } }) => l._source.eventId);
  expect(lot).toBeTruthy();
  const event = (await (await api.get(`/marketplace/api/event/events/${lot._source.eventId}`)).json()).data.event;
  const wishlists = `/marketplace/api/identity/users/${userId}/wishlists`;
  for (const data of [
    { documentId: lot._id, documentType: 'event-lot' },
    { documentId: event._id, documentType: 'event' },
  ]) {
    const res = await api.post(wishlists, { data, headers: { origin } });
    expect(res.status()).toBe(201);
  }

  await gotoReady(page, '/account');
  await page.getByRole('link', { name: 'My Watchlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();
  const watchedLots = page.getByRole('list', { name: 'Watched lots' });
  const watchedEvents = page.getByRole('list', { name: 'Watched events' });
  await expect(watchedLots.getByRole('link', { name: lot._source.name })).toHaveAttribute(
    'href',
    /^\/marketplace\/bid\/[a-z0-9-]+\/[^/]+$/,
  );
  await expect(watchedEvents.getByRole('link', { name: event.title })).toHaveAttribute(
    'href',
    new RegExp(`^/marketplace/event/[a-z0-9-]+/${event._id}$`),
  );

  await watchedLots.getByRole('button', { name: `Remove ${lot._source.name} from your watchlist` }).click();
  await expect(page.getByText('You are not watching any lots.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You are not watching any lots.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Watched events' }).getByRole('link', { name: event.title }),
  ).toBeVisible();

  const stored = await (await api.get(wishlists)).json();
  expect(stored.data.wishlists).toEqual([{ _id: expect.any(String), documentId: event._id, documentType: 'event' }]);
});
