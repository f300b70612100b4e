import { EVENT_SETTING_DEFAULTS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { createEvent } from '../seller-events/create-event';
import { addEventLocation } from '../seller-events/event-locations';

/**
 * A demo draft after a fresh seed (issue 16), made through the console's own
 * use-cases: the last featured seller user (by e-mail) finds "Warehouse
 * clearance (draft)" in /seller/events, with two terms, a deposit and two
 * locations, ready for lots. Drafts are the seller's alone: no buyer sees it.
 */
export async function demoSellerEvents(deps: { db: Database; log: (message: string) => void }) {
  const { db, log } = deps;
  const result = (await db.execute(
    sql`select u.id as user_id, m.company_id from users u join company_members m on m.user_id = u.id
      join companies c on c.id = m.company_id where c.featured and u.email like 'seller-%'
      order by u.email desc, m.company_id limit 1`,
  )) as unknown as { rows: { user_id: string; company_id: string }[] };
  const seller = result.rows[0];
  if (!seller) return log('Demo seller events: skipped (no featured seller user)');
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().replace(/:\d\d\.\d{3}Z$/, ':00Z');
  const event = await createEvent(db, seller.user_id, {
    companyId: seller.company_id,
    name: 'Warehouse clearance (draft)',
    title: 'Racking, forklifts and pallet jacks from a closing distribution centre',
    description: 'A draft made by the demo: add lots, then publish.',
    saleFormat: 'auction',
    privateSale: false,
    startAt: days(7),
    endAt: days(14),
    bidDeposit: { amount: 25_000, currency: 'USD' },
    settings: { incrementTable: null, ...EVENT_SETTING_DEFAULTS },
    terms: [
      { type: 'Payment', text: 'Payment is due within five days of the close, by card or wire transfer.' },
      { type: 'Removal', text: 'Buyers remove their lots within ten days of payment, by appointment.' },
    ],
    attachments: [],
  });
  for (const location of [
    { city: 'Houston', region: 'TX', country: 'US' as const, taxRate: 8.25, lat: 29.76, lon: -95.37 },
    { city: 'Dallas', region: 'TX', country: 'US' as const, taxRate: 8.25, lat: 32.78, lon: -96.8 },
  ]) {
    await addEventLocation(db, seller.user_id, event._id, location);
  }
  log(`Demo seller events: a draft event with two locations for ${seller.company_id}`);
}
