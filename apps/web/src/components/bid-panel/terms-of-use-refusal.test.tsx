// @vitest-environment happy-dom
import { TERMS_CODES } from '@lotline/contracts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, setUpDomForms, shown, type } from '../../test/dom-form';
import { BidForm } from './bid-form';

setUpDomForms();
afterEach(() => vi.unstubAllGlobals());

const MESSAGE =
  "Lotline's Terms of Use have changed (version 2). Read them on the Terms of Use page and agree to them before you bid or register.";

const button = (name: string) => {
  const found = [...shown().querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

/** Places a bid as a person does: the amount, "Place bid", then "Confirm" in the dialog, answered by `answer`. */
async function placeBid(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
  const onRefused = vi.fn();
  mount(
    <BidForm
      lotId="lot_1"
      mode="bid"
      currency="USD"
      minimumBid={125_000}
      standingMax={null}
      presets={[]}
      terms={{ buyersPremiumBps: 0, taxRate: 0, buyerFees: [] }}
      onPlaced={() => undefined}
      onRefused={onRefused}
    />,
  );
  type('Your bid', '1,250');
  act(() => button('Place bid').click());
  await act(async () => button('Confirm').click());
  return onRefused;
}

/**
 * A bid refused because the bidder has not agreed to the Terms of Use in force (decision 0084; the API's refusal
 * is apps/api staff-content/terms.test.ts) shows the API's message with a link to the Terms page, where "I agree"
 * records the version; any other refusal stays under its field, with no such link.
 */
describe('the bid form, refused for the Terms of Use', () => {
  it('shows the message and a link to the Terms page, announced', async () => {
    const refusal = { status: 'error', errors: [{ code: TERMS_CODES.notAgreed, message: MESSAGE }] };
    const onRefused = await placeBid({ status: 403, body: refusal });
    const alert = shown().querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(`${MESSAGE} Review and agree to the Terms of Use`);
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('/marketplace/legal/terms-of-use');
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it('keeps another refusal under its field, without the link', async () => {
    const refusal = { status: 'error', errors: [{ code: 'BID_TOO_LOW', message: 'Bid at least $1,300.' }] };
    await placeBid({ status: 409, body: refusal });
    expect(shown().textContent).toContain('Bid at least $1,300.');
    expect(shown().querySelector('a[href="/marketplace/legal/terms-of-use"]')).toBeNull();
  });
});
