import type { StaffUserActivity } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserActivity } from './user-activity';

const VERIFICATION: StaffUserActivity['verification'] = {
  hasPaymentMethod: true,
  hasAddress: true,
  hasBillingAddress: true,
  hasShippingAddress: false,
  isActivated: true,
  isAccountSetupCompleted: true,
  taxExemptionRequired: false,
  taxExemptionSatisfied: true,
  verified: false,
};

const ACTIVITY: StaffUserActivity = {
  verification: VERIFICATION,
  registrations: {
    total: 1,
    items: [
      {
        _id: 'reg_1',
        eventId: 'evt_1',
        eventTitle: 'CNC Machines Spring Sale',
        status: 'approved',
        bidLimitMinor: 500_000,
        currency: 'USD',
        registeredAt: '2026-11-30T15:00:00.000Z',
      },
    ],
  },
  bids: {
    total: 25,
    items: [
      {
        _id: 'bid_1',
        lotId: 'lot_1',
        lotTitle: 'Haas VF-2 mill',
        amount: 125_000,
        maxAmount: null,
        currency: 'USD',
        at: '2026-12-01T09:30:00.000Z',
      },
    ],
  },
  orders: { total: 0, items: [] },
  conversations: { total: 0, items: [] },
};

describe("the staff user page's activity, as the server renders it", () => {
  it('shows each step done or missing, amounts in the currency, times in the zone, totals past the shown', () => {
    const html = renderToStaticMarkup(<UserActivity userId="usr_1" activity={ACTIVITY} timeZone="America/Chicago" />);
    expect(html).toContain('Card on file: done');
    expect(html).toContain('Shipping address: missing');
    // Not a reseller: the tax step is not asked of them, so it is not listed.
    expect(html).not.toContain('Tax exemption');
    expect(html).toContain('<td>$5,000</td>');
    expect(html).toContain('<td>$1,250</td>');
    expect(html).toContain('The newest 1 of 25.');
    expect(html).toContain('Orders (0)');
    expect(html).toContain('href="/staff/audit-log?targetType=user&amp;targetId=usr_1"');
    expect(html).toContain('href="/staff/audit-log?actorId=usr_1"');
    expect(html).toContain('Nov 30, 2026, 9:00 AM CST');
  });

  it("links each order to staff's order page (decision 0091)", () => {
    const order = {
      _id: 'ord_1',
      number: 'LL-100042',
      status: 'OrderPaid',
      total: 12_990,
      currency: 'USD',
      createdAt: '2026-11-30T15:00:00.000Z',
    };
    const html = renderToStaticMarkup(
      <UserActivity userId="usr_1" activity={{ ...ACTIVITY, orders: { total: 1, items: [order] } }} timeZone="UTC" />,
    );
    expect(html).toContain('<a href="/staff/orders/ord_1">LL-100042</a>');
  });
});
