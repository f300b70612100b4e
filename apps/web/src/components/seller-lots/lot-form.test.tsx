import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LotForm } from './lot-form';

// The server action is a reference in the browser; rendering needs only its identity.
vi.mock('../../lib/seller-lots/actions', () => ({ saveLotAction: async () => ({ fieldErrors: {}, values: {} }) }));

describe('the lot form without JavaScript', () => {
  it('shows every step and posts them at once: no step hidden, no Next or Back', () => {
    const html = renderToStaticMarkup(
      <LotForm
        eventId="ev_1"
        lotId={null}
        initial={{ type: 'AuctionLot', quantity: '1' }}
        locks={{}}
        categories={[['cat_1', 'Pumps']]}
        locations={[['loc_1', 'Regina, SK']]}
      />,
    );
    for (const legend of ['The lot', 'Prices', 'Logistics', 'Values'])
      expect(html).toContain(`<legend>${legend}</legend>`);
    expect(html).not.toMatch(/<fieldset[^>]*hidden/);
    expect(html).not.toContain('>Next<');
    expect(html).not.toContain('Steps of the lot form');
    expect(html).toContain('>Add the lot</button>');
  });
});
