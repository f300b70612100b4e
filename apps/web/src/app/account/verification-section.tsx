import { verificationState } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { callApi } from '../../lib/auth/api-call.server';
import styles from './verification.module.css';

/**
 * The steps of spec §4 "Logged-in user verification", done or missing, each
 * missing one linking to the section of this page that completes it.
 */
export async function VerificationSection({ userId }: { userId: string }) {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/verification`);
  const parsed = verificationState.safeParse(answer.data);
  if (!answer.ok || !parsed.success) {
    return (
      <section className={page.card} aria-labelledby="verification-title">
        <h2 id="verification-title" className={page.cardTitle}>
          Verification
        </h2>
        <FormMessages error={answer.error?.message ?? 'Your verification could not be loaded. Reload the page.'} />
      </section>
    );
  }
  const s = parsed.data;
  const steps = [
    { label: 'E-mail activation', done: s.isActivated, href: '#profile-title', action: 'Activate your account' },
    { label: 'Billing address', done: s.hasBillingAddress, href: '#addresses-title', action: 'Add a billing address' },
    {
      label: 'Shipping address',
      done: s.hasShippingAddress,
      href: '#addresses-title',
      action: 'Add a shipping address',
    },
    { label: 'Payment method', done: s.hasPaymentMethod, href: '#payment-methods-title', action: 'Add a card' },
    ...(s.taxExemptionRequired
      ? [
          {
            label: 'Tax exemption (resellers)',
            done: s.taxExemptionSatisfied,
            href: '#tax-exemption-title',
            action: 'Submit a tax exemption certificate',
          },
        ]
      : []),
  ];
  return (
    <section className={page.card} aria-labelledby="verification-title">
      <h2 id="verification-title" className={page.cardTitle}>
        Verification
      </h2>
      <p className={s.verified ? styles.verified : undefined}>
        {s.verified ? 'You are a verified bidder.' : 'Complete the missing steps to become a verified bidder.'}
      </p>
      <ul className={styles.steps} aria-label="Verification steps">
        {steps.map((step) => (
          <li key={step.label} className={styles.step}>
            <span className={step.done ? styles.done : styles.missing}>
              <span aria-hidden="true">{step.done ? '✓' : '○'}</span> {step.label}:{' '}
              <strong>{step.done ? 'done' : 'missing'}</strong>
            </span>
            {step.done ? null : <a href={step.href}>{step.action}</a>}
          </li>
        ))}
      </ul>
    </section>
  );
}
