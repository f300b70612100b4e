import type { SecondChance } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SecondChances } from './second-chances';

// A server action is a reference in the browser; rendering needs only its identity.
vi.mock('../../../lib/orders/second-chance-actions', () => ({ secondChanceAction: async () => ({}) }));

const offer = (over: Partial<SecondChance> = {}): SecondChance => ({
  _id: 'sco_1',
  status: 'open',
  amount: 250_000,
  currency: 'USD',
  expiresAt: '2030-01-03T12:00:00.000Z',
  orderId: null,
  lot: { _id: 'lot_1', name: 'CNC lathe' },
  ...over,
});
const render = (offers: SecondChance[]) => renderToStaticMarkup(<SecondChances offers={offers} timeZone="UTC" />);

/** The runner-up's second chances on My offers (BIDDING §8, decision 0061). */
describe('the second chances', () => {
  it('offer an open one at its price until its time, with both answers', () => {
    const html = render([offer()]);
    expect(html).toContain('Second chances');
    expect(html).toContain('href="/marketplace/bid/lot/lot_1"');
    expect(html).toContain('$2,500');
    expect(html).toContain('dateTime="2030-01-03T12:00:00.000Z"');
    expect(html).toContain('Buy it at this price');
    expect(html).toContain('No, thanks');
  });

  it('show what became of the others, with the order of one bought, and no buttons', () => {
    const html = render([
      offer({ _id: 'sco_2', status: 'accepted', orderId: 'ord_9' }),
      offer({ _id: 'sco_3', status: 'expired' }),
    ]);
    expect(html).toContain('Bought');
    expect(html).toContain('href="/account/orders/ord_9"');
    expect(html).toContain('Expired');
    expect(html).not.toContain('Buy it at this price');
  });

  it('are absent when there are none', () => {
    expect(render([])).toBe('');
  });
});
