import { paymentMethod } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import { cardLabel } from '../../../../lib/account/cards';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { ACCOUNT_PATH, PAYMENT_SETUP_RETURN_PATH, signInHref } from '../../../../lib/routes';
import { FinishCardSetupForm } from './finish-form';

export const metadata: Metadata = { title: 'Adding your card' };

/**
 * Where the payment provider sends the browser back (`?setup=…`): completing
 * the setup stores the card the provider saved. Completing is idempotent, so
 * a reload shows the same result.
 */
export default async function PaymentReturnPage({ searchParams }: { searchParams: Promise<{ setup?: string }> }) {
  const { setup } = await searchParams;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(`${PAYMENT_SETUP_RETURN_PATH}?setup=${setup ?? ''}`));
  const answer = setup
    ? await callApi<unknown>(
        'POST',
        `/marketplace-api/users/${encodeURIComponent(user.id)}/payment-setups/${encodeURIComponent(setup)}/complete`,
      )
    : null;
  const card = answer?.ok ? paymentMethod.safeParse(answer.data) : null;
  // Arriving from the provider's site (Stripe's 3-D Secure page), the API refuses a change: ask for a click.
  const crossSite = answer?.status === 403 && answer.error?.code === 'FORBIDDEN';

  return (
    <div className={page.page}>
      <h1 className={page.title}>{card?.success ? 'Card added' : 'Your card was not added'}</h1>
      {card?.success ? (
        <FormMessages
          success={`${cardLabel(card.data)} is saved${card.data.isDefault ? ' as your default card' : ''}.`}
        />
      ) : crossSite && setup ? (
        <FinishCardSetupForm setup={setup} />
      ) : (
        <FormMessages error={answer?.error?.message ?? 'This link has no card setup. Add the card again.'} />
      )}
      <p className={page.links}>
        <Link href={`${ACCOUNT_PATH}#payment-methods-title`}>
          {card?.success ? 'Back to your account' : 'Try again'}
        </Link>
      </p>
    </div>
  );
}
