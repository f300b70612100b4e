import { bidderTermsResponse } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { callApi } from '../../lib/auth/api-call.server';
import { TERMS_OF_USE_PATH } from '../../lib/routes';
import { displayZone, formatDay } from '../../lib/time/format';
import { getUserTimeZone } from '../../lib/time/user-zone.server';
import { AgreeBidderTermsForm } from './bidder-terms-form';
import styles from './verification.module.css';

/**
 * The marketplace's site-wide bidder terms and the person's agreement
 * (contract §3 bidder-terms). Event terms are agreed on the event.
 */
export async function BidderTermsSection({ userId }: { userId: string }) {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/bidder-terms`);
  const parsed = bidderTermsResponse.safeParse(answer.data);
  const agreement = parsed.success ? parsed.data[0] : undefined;
  return (
    <section className={page.card} aria-labelledby="bidder-terms-title">
      <h2 id="bidder-terms-title" className={page.cardTitle}>
        Bidder terms
      </h2>
      <ol className={styles.terms}>
        <li>A bid is a binding offer to buy the lot at the bid amount plus any fees and taxes the event states.</li>
        <li>
          To bid in an auction you may be asked for a bid deposit: a hold on your default card for the amount the
          auction sets. The hold is cancelled if you do not win.
        </li>
        <li>Lots are sold as is, where is. Inspect them, or ask the seller, before you bid.</li>
        <li>Winning bidders pay and arrange removal within the times the event's own terms set.</li>
        <li>Each event may add its own terms, which you agree to when you register for that event.</li>
      </ol>
      <p>
        These bidder terms add to the <a href={TERMS_OF_USE_PATH}>Lotline Terms of Use</a>, which apply to every buyer
        and seller.
      </p>
      {!answer.ok || !parsed.success ? (
        <FormMessages error={answer.error?.message ?? 'Your agreement could not be loaded. Reload the page.'} />
      ) : agreement ? (
        <p className={styles.verified}>
          You agreed to the bidder terms on {formatDay(agreement.agreedAt, displayZone(await getUserTimeZone()))}.
        </p>
      ) : (
        <AgreeBidderTermsForm />
      )}
    </section>
  );
}
