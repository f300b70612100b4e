import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LotActions, ownLotText } from './lot-actions';

// The terms form's server action is a reference in the browser; rendering needs only its identity.
vi.mock('../../lib/messaging/messaging-actions', () => ({ agreeToTermsFormAction: async () => ({}) }));

const actions = (ownLot: string | null) =>
  renderToStaticMarkup(
    <LotActions
      gate={{ kind: 'ready' }}
      closed={false}
      pagePath="/marketplace/bid/lathe/lot_1"
      event={{ _id: 'ev_1', name: 'Plant closure' }}
      terms={[]}
      ownLot={ownLot}
      bidPanel={<button type="button">Place bid</button>}
    />,
  );

/**
 * A member of the selling company reads why instead of the actions the API
 * refuses them (403 OWN_LOT, apps/api sellers/self-dealing.test.ts); the page
 * passes `ownLot` when the lot's company is one of the viewer's (decision 0067).
 */
describe('the lot actions of the seller’s own lot', () => {
  it('say why instead of showing the bid panel', () => {
    const html = actions(ownLotText('AuctionLot'));
    expect(html).toContain('You sell this lot, so you cannot bid on it.');
    expect(html).not.toContain('Place bid');
  });

  it('show the bid panel to anyone else', () => {
    const html = actions(null);
    expect(html).toContain('Place bid');
    expect(html).not.toContain('You sell this lot');
  });

  it('name the action each kind of lot would have offered', () => {
    expect(ownLotText('TenderLot')).toBe('You sell this lot, so you cannot tender on it.');
    expect(ownLotText('BuyItNowItem')).toBe('You sell this lot, so you cannot buy it or make an offer on it.');
  });
});
