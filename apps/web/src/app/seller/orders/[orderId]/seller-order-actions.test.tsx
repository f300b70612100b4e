import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SellerOrderActions } from './seller-order-actions';

// Server actions are references in the browser; rendering needs only their identity.
vi.mock('../../../../lib/orders/actions', () => ({
  approveOrderAction: async () => ({}),
  cancelOrderAction: async () => ({}),
  fulfilmentAction: async () => ({}),
  rejectOrderAction: async () => ({}),
}));

const render = (state: { awaiting?: boolean; cancellable?: boolean; fulfil?: boolean }) =>
  renderToStaticMarkup(
    <SellerOrderActions
      orderId="ord_1"
      awaiting={state.awaiting ?? false}
      cancellable={state.cancellable ?? false}
      fulfil={state.fulfil ?? false}
    />,
  );

/** The seller's controls on an order: each only in the state that allows it (decision 0061 adds the cancel). */
describe('the seller’s order actions', () => {
  it('offer "Cancel order" for an approved unpaid order only', () => {
    expect(render({ cancellable: true })).toContain('>Cancel order</button>');
    expect(render({ awaiting: true })).not.toContain('Cancel order');
    expect(render({ fulfil: true })).not.toContain('Cancel order');
  });

  it('offer approve and reject while awaiting, and the hand-over marks once paid', () => {
    const awaiting = render({ awaiting: true });
    expect(awaiting).toContain('Approve order');
    expect(awaiting).toContain('Reject order');
    expect(render({ fulfil: true })).toContain('Mark shipped');
  });
});
