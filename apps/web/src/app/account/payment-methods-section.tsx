import { paymentMethodsResponse } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { cardExpiry, cardLabel } from '../../lib/account/cards';
import { callApi } from '../../lib/auth/api-call.server';
import styles from './addresses.module.css';
import { AddCardForm, MakeDefaultCardForm, RemoveCardForm } from './payment-method-forms';

/** The account page's saved cards (spec §4 needs one to verify); the card itself is typed at the provider's page. */
export async function PaymentMethodsSection({ userId }: { userId: string }) {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/payment-methods`);
  const parsed = paymentMethodsResponse.safeParse(answer.data);
  const cards = parsed.success ? parsed.data : [];

  return (
    <section className={page.card} aria-labelledby="payment-methods-title">
      <h2 id="payment-methods-title" className={page.cardTitle}>
        Payment methods
      </h2>
      {!answer.ok || !parsed.success ? (
        <FormMessages
          error={answer.error?.message ?? 'Your cards could not be loaded. Reload the page to try again.'}
        />
      ) : null}
      {parsed.success && cards.length === 0 ? (
        <p>To bid, add a card. Bid deposits are held on your default card.</p>
      ) : null}
      {cards.length > 0 ? (
        <ul className={styles.list} aria-label="Your cards">
          {cards.map((card) => (
            <li key={card.id} className={styles.item} aria-label={cardLabel(card)}>
              <p className={styles.text}>
                <strong>{cardLabel(card)}</strong>
                {card.isDefault ? <span className={styles.badge}>Default</span> : null}
                <br />
                Expires {cardExpiry(card)}
              </p>
              <div className={styles.actions}>
                {card.isDefault ? null : <MakeDefaultCardForm id={card.id} label={cardLabel(card)} />}
                <RemoveCardForm id={card.id} label={cardLabel(card)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <AddCardForm />
    </section>
  );
}
