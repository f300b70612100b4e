import { EVENT_SETTING_DEFAULTS, type LotBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { dbNow } from '../../lib/db-now';
import { createEvent } from '../seller-events/create-event';
import { addEventLocation } from '../seller-events/event-locations';
import { createLot } from '../seller-lots/create-lot';
import { requireSellerCompanies } from '../sellers/company-members';

/**
 * Demo state of the lot console after a fresh seed (issue 16), made through
 * the real use-cases: Northern Lab Exchange's seller user
 * (seller-northern-lab-exchange@example.com) has a draft event, "Lab
 * instruments consignment (draft)", with a Toronto location and three lots
 * without photos: the console shows what publishing still needs. Deterministic
 * but for the dates (relative to the database clock).
 */

const EMAIL = 'seller-northern-lab-exchange@example.com';
const DAY = 86_400_000;

const lot = (
  number: string,
  name: string,
  startingBid: number,
  categoryId: string | null,
  locationId: string,
): LotBody => ({
  number,
  name,
  description: `${name}, tested before listing.`,
  productCategoryId: categoryId,
  brand: null,
  catalogProductId: null,
  quantity: 1,
  type: 'AuctionLot',
  startingBid,
  reserveBid: null,
  buyItNowPrice: null,
  bestOfferEnabled: false,
  managedShipping: false,
  riggingCost: null,
  riggingParty: null,
  loadingCost: null,
  loadingParty: 'seller',
  shippingCost: null,
  shippingParty: 'buyer',
  shippingOptions: ['pickup', 'buyer_arranged_shipping'],
  shippingPackageType: 'crates',
  shippingPackageCount: 1,
  marketDemand: 'moderate',
  forcedLiquidationValue: null,
  orderlyLiquidationValue: null,
  grossBookValue: null,
  netBookValue: null,
  transferValue: null,
  dispositionLocationId: locationId,
});

export async function demoSellerLots(deps: { db: Database; log: (message: string) => void }) {
  const { db, log } = deps;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
  if (!user) return log(`Demo seller lots: skipped (no ${EMAIL})`);
  const [companyId] = await requireSellerCompanies(db, user.id);
  if (!companyId) return log('Demo seller lots: skipped (the demo seller has no company)');
  const [category] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.slug, 'lab'));
  const now = (await dbNow(db)).getTime();
  const event = await createEvent(db, user.id, {
    companyId,
    name: 'Lab instruments consignment (draft)',
    title: 'Analytical instruments from a Toronto university lab',
    description: 'Chromatographs, balances and centrifuges. A draft: add photos, then publish.',
    saleFormat: 'auction',
    privateSale: false,
    startAt: new Date(now + 14 * DAY).toISOString(),
    endAt: new Date(now + 21 * DAY).toISOString(),
    bidDeposit: null,
    settings: { incrementTable: null, ...EVENT_SETTING_DEFAULTS },
    terms: [{ type: 'Removal', text: 'Remove within ten days of the close.' }],
    attachments: [],
  });
  const location = await addEventLocation(db, user.id, event._id, {
    city: 'Toronto',
    region: 'ON',
    country: 'CA',
    taxRate: 13,
    lat: 43.65,
    lon: -79.38,
  });
  const categoryId = category?.id ?? null;
  await createLot(db, user.id, event._id, lot('1', 'Gas chromatograph', 250_000, categoryId, location._id));
  await createLot(db, user.id, event._id, lot('2', 'Analytical balance', 40_000, categoryId, location._id));
  await createLot(db, user.id, event._id, lot('3', 'Benchtop centrifuge', 60_000, categoryId, location._id));
  log(`Demo seller lots: a draft event with 3 lots for ${EMAIL}`);
}
