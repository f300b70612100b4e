import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { OfferList } from '../../../components/offer-box/offer-list';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { loadMyOffers } from '../../../lib/offers/offers.server';
import { loadSecondChances } from '../../../lib/orders/second-chances.server';
import { LOTS_PATH, MY_OFFERS_PATH, signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import { SecondChances } from './second-chances';

export const metadata: Metadata = { title: 'My offers' };

/**
 * The buyer's best offers (issue 15; decision 0046), after the lots offered to them as runner-up (second
 * chances, decision 0061): open ones first, each
 * with its status, the seller's counter ("Accept counter" / "Decline") and,
 * once accepted, its order. Forms only: it works without JavaScript.
 */
export default async function MyOffersPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(MY_OFFERS_PATH));
  const [loaded, userZone, secondChances] = await Promise.all([
    loadMyOffers(user.id),
    getUserTimeZone(),
    loadSecondChances(user.id),
  ]);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>My offers</h1>
      <SecondChances offers={secondChances} timeZone={displayZone(userZone)} />
      {!loaded.ok ? (
        <FormMessages error={loaded.message} />
      ) : loaded.offers.length === 0 ? (
        <p className={page.lead}>
          You have made no offers yet. Look for “Best Offer” on <a href={LOTS_PATH}>Buy Now items</a>.
        </p>
      ) : (
        <OfferList offers={loaded.offers} side="buyer" timeZone={displayZone(userZone)} countersOn={false} />
      )}
    </div>
  );
}
