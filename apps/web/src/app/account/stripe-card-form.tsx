'use client';

import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';

/**
 * Stripe Elements' card fields (decision 0015), only when the API runs with
 * Stripe: Stripe.js is loaded from Stripe at run time by `loadStripe`, the
 * card is typed into Stripe's own frame, and `confirmSetup` saves it. Stripe
 * then sends the browser to our return page, which completes the setup.
 */
export function StripeCardForm({
  clientSecret,
  publishableKey,
  returnUrl,
}: {
  clientSecret: string;
  publishableKey: string;
  returnUrl: string;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const client = await loadStripe(publishableKey);
      if (cancelled || !client || !mount.current) {
        if (!client) setError('The card form could not be loaded. Reload the page to try again.');
        return;
      }
      const elements = client.elements({ clientSecret });
      const payment = elements.create('payment', { paymentMethodOrder: ['card'] });
      payment.mount(mount.current);
      payment.on('ready', () => setReady(true));
      stripe.current = { stripe: client, elements };
    })().catch(() => setError('The card form could not be loaded. Reload the page to try again.'));
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe.current) return;
    setPending(true);
    setError(undefined);
    const result = await stripe.current.stripe.confirmSetup({
      elements: stripe.current.elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (result.error) {
      setError(result.error.message ?? 'Your card could not be saved.');
      setPending(false);
      return;
    }
    // Saved without a redirect: go to the return page ourselves, which stores the card.
    window.location.assign(returnUrl);
  }

  return (
    <form onSubmit={submit} className={styles.form} aria-label="Add a card with Stripe">
      <FormMessages error={error} />
      <div ref={mount} />
      <button type="submit" className="button" disabled={!ready || pending} aria-disabled={!ready || pending}>
        {pending ? 'Saving…' : 'Save card'}
      </button>
    </form>
  );
}
