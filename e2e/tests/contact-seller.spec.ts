import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { eventFor } from './event-helpers';
import { activateByApi, newAccountByApi } from './pages-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * The event page's Contact Seller flow (spec §5) through each of its branches,
 * the messages it starts in both inboxes, and the event watch button (spec §6).
 * Demo accounts from the seed (README); each browser project works on the
 * event of a different seller, so the two projects never share a thread.
 */

test.describe('Contact Seller and the event page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an unknown event is the 404 page', async ({ page }) => {
    const res = await page.goto('/marketplace/event/no-such-event/evt_does_not_exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  // Phone: the sign-in prompt is a modal over the phone's one-column page; Escape, Cancel and focus are checked there.
  test(
    'a visitor sees the event; the watch button and Contact Seller only prompt to sign in, with a way back here',
    { tag: '@phone' },
    async ({ page }, info) => {
      const event = await eventFor(page.request, info.project.name);
      await gotoReady(page, event.path);
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      await expect(page.getByRole('link', { name: event.seller.name })).toHaveAttribute(
        'href',
        `/marketplace/seller/${event.seller.slug}/${event.seller.id}`,
      );
      await expect(page.getByText(/^Ends /)).toBeVisible();

      const watch = page.getByRole('button', { name: 'Add to Watchlist', exact: true });
      await watch.click();
      const prompt = page.getByRole('dialog', { name: 'Sign in to continue' });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByText('Sign in to use your watchlist.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(prompt).toBeHidden();
      await expect(watch).toBeFocused();
      await expect(page.getByRole('button', { name: 'Remove from Watchlist', exact: true })).toHaveCount(0);

      const contact = page.getByRole('button', { name: 'Contact Seller' });
      await contact.click();
      await expect(prompt).toBeVisible();
      await expect(prompt.getByText('Sign in to contact the seller.')).toBeVisible();
      // Focus is inside the dialog and stays there.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await prompt.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await prompt.getByRole('button', { name: 'Cancel' }).click();
      await expect(contact).toBeFocused();

      await contact.click();
      const signInLink = prompt.getByRole('link', { name: 'Sign in' });
      await expect(signInLink).toHaveAttribute('href', `/login?next=${encodeURIComponent(event.path)}`);
      await signInLink.click();
      // The sign-in page, to come back here: that the form follows `next` is accounts.spec.ts's and actions.test.ts's.
      await expect(page.getByLabel('E-mail address')).toBeVisible();
      expect(new URL(page.url()).searchParams.get('next')).toBe(event.path);
    },
  );

  for (const [email, steps] of [
    [
      'unverified@example.com',
      ['Activate your account', 'Add a billing address', 'Add a shipping address', 'Add a payment method'],
    ],
    [
      'reseller@example.com',
      ['Add a billing address', 'Add a shipping address', 'Add a payment method', 'Add a tax exemption certificate'],
    ],
  ] as const) {
    // Phone: the verification dialog and its list of steps over the phone's page, for unverified@ only; which steps
    // are missing for the reseller is a rule of the same dialog, checked on desktop.
    test(
      `a user who is not verified (${email}) gets the verification dialog with exactly the missing steps`,
      {
        tag: email === 'unverified@example.com' ? ['@phone'] : [],
      },
      async ({ page }, info) => {
        const event = await eventFor(page.request, info.project.name);
        await signInByApi(page, email);
        await gotoReady(page, event.path);
        const contact = page.getByRole('button', { name: 'Contact Seller' });
        await contact.click();
        const dialog = page.getByRole('dialog', { name: 'Verify your account' });
        await expect(dialog).toBeVisible();
        const items = dialog.getByRole('list', { name: 'Steps to complete' }).getByRole('link');
        await expect(items).toHaveText([...steps]);
        for (const link of await items.all()) await expect(link).toHaveAttribute('href', /^\/account#/);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(contact).toBeFocused();
      },
    );
  }

  // Phone: the journey clicked through on a phone: the terms and message dialogs, the inbox and the thread pages
  // (the seller, in a context of their own, at the project's size too).
  test(
    'a verified buyer agrees to the terms, writes; the seller reads it, is e-mailed and answers as the company',
    { tag: '@phone' },
    async ({ page, browser }, info) => {
      const event = await eventFor(page.request, info.project.name);
      await newVerifiedBuyer(page, 'contact-seller', [GOOD_CARD]);
      await gotoReady(page, event.path);

      // Verified, not agreed: the terms dialog, with the event's terms.
      await page.getByRole('button', { name: 'Contact Seller' }).click();
      const terms = page.getByRole('dialog', { name: 'Event terms' });
      await expect(terms).toBeVisible();
      for (const term of event.terms)
        await expect(terms.getByRole('heading', { name: `${term.type} Terms` })).toBeVisible();
      await expect(terms.getByRole('link', { name: /^Lotline Terms of Use/ })).toHaveAttribute(
        'href',
        '/marketplace/legal/terms-of-use',
      );
      await terms.getByRole('button', { name: 'Cancel' }).click();
      await expect(terms).toBeHidden();
      await page.getByRole('button', { name: 'Contact Seller' }).click();
      await terms.getByRole('button', { name: 'I agree' }).click();

      // Agreed: the message form, about this event.
      const form = page.getByRole('dialog', { name: 'Message the seller' });
      await expect(form).toBeVisible();
      await expect(form.getByText(event.name)).toBeVisible();
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(form.getByText('Write a message.')).toBeVisible();
      const text = `Is the equipment still in service? (${info.project.name})`;
      await form.getByLabel('Message').fill(text);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(form.getByText('Your message was sent to the seller.')).toBeVisible();
      await form.getByRole('link', { name: 'View the conversation' }).click();
      await expect(page).toHaveURL(/\/account\/messages\/cnv_/);
      const threadUrl = page.url();
      await expect(page.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();

      // Verified and agreed: the form opens directly.
      await gotoReady(page, event.path);
      await page.getByRole('button', { name: 'Contact Seller' }).click();
      await expect(page.getByRole('dialog', { name: 'Message the seller' })).toBeVisible();
      await page.keyboard.press('Escape');

      // The seller user: the unread message in the header and the inbox, and the e-mail.
      const sellerContext = await browser.newContext();
      const seller = await sellerContext.newPage();
      const sellerEmail = `seller-${event.seller.slug}@example.com`;
      await signInByApi(seller, sellerEmail);
      await gotoReady(seller, '/seller/messages');
      await expect(seller.getByRole('banner').getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();
      const entry = seller.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: text });
      await expect(entry.getByText('1 unread')).toBeVisible();
      await seller.goto('/dev/mail');
      const mail = seller
        .getByRole('article')
        .filter({ hasText: sellerEmail })
        .filter({ has: seller.getByRole('heading', { name: `New message about ${event.name}` }) })
        .first();
      await expect(mail).toContainText(text);

      await seller.goto('/seller/messages');
      await entry.getByRole('link').click();
      await expect(seller.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
      await seller.getByLabel('Reply').fill('Yes, it ran until the plant closed.');
      await seller.getByRole('button', { name: 'Send' }).click();
      await expect(seller.getByText('Your message was sent.')).toBeVisible();
      await seller.goto('/seller/messages');
      await expect(entry.getByText('unread')).toHaveCount(0);
      await sellerContext.close();

      // The buyer sees the answer under the company's name, unread until the thread is opened. (The buyer is this
      // test's own, made through the API: the header's total is of this thread.)
      await page.goto('/account/messages');
      await expect(page.getByRole('banner').getByRole('link', { name: /^Messages \d+ unread$/ })).toBeVisible();
      const thread = page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('listitem')
        .filter({ hasText: event.name });
      await expect(thread.getByText('1 unread')).toBeVisible();
      await expect(thread.getByRole('link')).toHaveText(`${event.seller.name}: ${event.name}`);
      // Opening the thread in the browser marks it read (a POST from the open page, not the page's GET).
      const threadPath = new URL(threadUrl).pathname;
      const marked = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === threadPath,
      );
      await page.goto(threadUrl);
      await marked;
      const reply = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
      await expect(reply).toContainText(event.seller.name);
      await expect(reply).toContainText('Yes, it ran until the plant closed.');
      await page.goto('/account/messages');
      await expect(thread.getByText('unread')).toHaveCount(0);
    },
  );

  test('a signed-in user watches the event and stops watching it; both survive a reload', async ({ page }, info) => {
    const event = await eventFor(page.request, info.project.name);
    // A person of the test's own (through the API): the watch changes them.
    const email = `e2e-watch-event-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    await newAccountByApi(page, { name: 'Wanda Watcher', email });
    await activateByApi(page, email);
    await gotoReady(page, event.path);
    const add = page.getByRole('button', { name: 'Add to Watchlist', exact: true });
    const remove = page.getByRole('button', { name: 'Remove from Watchlist', exact: true });
    await add.click();
    await expect(remove).toBeVisible();
    await page.reload();
    await expectReady(page);
    await expect(remove).toBeVisible();
    await remove.click();
    await expect(add).toBeVisible();
    await page.reload();
    await expect(add).toBeVisible();
  });
});
