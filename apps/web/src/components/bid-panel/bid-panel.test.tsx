import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BOX_PROPS, makeBiddingState } from '../../test/bidding-factory';
import { BidPanel, type BidPanelProps } from './bid-panel';

// The terms step's server action is a reference in the browser; rendering needs only its identity.
vi.mock('../../lib/messaging/messaging-actions', () => ({ agreeToTermsFormAction: async () => ({}) }));

const bidding = makeBiddingState();

const panel = (over: Partial<BidPanelProps> = {}) =>
  renderToStaticMarkup(
    <BidPanel
      {...BOX_PROPS}
      initial={{ bidding, history: null, registration: null, cards: [] }}
      historySize={5}
      {...over}
    />,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the bid panel', () => {
  it('says when the lot closes in the zone it is given, named, as the lot’s details do', () => {
    // The page gives the panel the zone of its details' Closes fact (lib/lots/lot-detail.ts `timeZone`).
    expect(text(panel())).toContain('Closes Nov 30, 2026, 5:59 PM CST · Current bid $9,500');
    expect(text(panel({ timeZone: 'America/New_York' }))).toContain('Closes Nov 30, 2026, 6:59 PM EST');
    // The machine-readable end stays the UTC instant.
    expect(panel()).toMatch(/<time datetime="2026-11-30T23:59:00.000Z">/i);
  });

  it('shows the lot’s terms and the all-in cost at the minimum bid before anything is typed', () => {
    const html = text(panel());
    expect(html).toContain('What you pay on top');
    expect(html).toContain('Buyer’s premium12%');
    expect(html).toContain('Tax8.25%');
    expect(html).toContain('Rigging fee$250');
    // $10,000 minimum: premium $1,200; tax 8.25% of $11,450 = $944.625 → $944.63; total $12,394.63.
    expect(html).toContain(
      'A win at $10,000 (the minimum bid) costs $12,394.63 all in: $10,000 + $1,200 buyer’s premium + $250 rigging fee + $944.63 tax.',
    );
  });

  it('shows the registration’s bid limit in the event’s currency, and nothing without one', () => {
    const registration = {
      auctionId: 'ev_1',
      status: 'approved' as const,
      deposit: null,
      registeredAt: Date.parse('2026-11-01T00:00:00.000Z'),
      bidLimit: { amount: 500_000, currency: 'USD' },
    };
    const limited = text(panel({ initial: { bidding, history: null, registration, cards: [] } }));
    expect(limited).toContain('Your bid limit for this event: $5,000');
    const unlimited = { ...registration, bidLimit: null };
    expect(text(panel({ initial: { bidding, history: null, registration: unlimited, cards: [] } }))).not.toContain(
      'bid limit',
    );
  });
});
