import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { OfferList } from '../../../components/offer-box/offer-list';
import { flagOn } from '../../../lib/api/flags.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { loadSellerOffers } from '../../../lib/offers/offers.server';
import { SELLER_OFFERS_PATH, signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';

export const metadata: Metadata = { title: 'Offers' };

// Read at request time, whatever the page reads first: the build has no API to ask.
export const dynamic = 'force-dynamic';

/**
 * The offers on the seller company's lots (issue 15; decision 0046), open
 * ones first: accept (the units are reserved, the order placed and the
 * buyer's card charged), decline, or counter once with an amount while
 * COUNTER_OFFER is on. Only the company's seller users: anyone else gets 404.
 */
export default async function SellerOffersPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELLER_OFFERS_PATH));
  if (!user.roles.includes('seller')) notFound();
  const [loaded, countersOn, userZone] = await Promise.all([
    loadSellerOffers(),
    flagOn('COUNTER_OFFER'),
    getUserTimeZone(),
  ]);
  if (!loaded.ok && loaded.status === 403) notFound();
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Offers</h1>
      {!loaded.ok ? (
        <FormMessages error={loaded.message} />
      ) : loaded.offers.length === 0 ? (
        <p className={page.lead}>No buyer has made an offer on your lots yet.</p>
      ) : (
        <OfferList offers={loaded.offers} side="seller" timeZone={displayZone(userZone)} countersOn={countersOn} />
      )}
    </div>
  );
}
