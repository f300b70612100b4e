import { TEST_PAYMENTS_NOTICE } from '@lotline/contracts';
import { paymentsAreSandbox } from '../../lib/site/public-config.server';
import styles from './test-payments-banner.module.css';

/** Atop every page while the payment provider is the sandbox: test cards, no real money (decision 0066). */
export async function TestPaymentsBanner() {
  if (!(await paymentsAreSandbox())) return null;
  return (
    // A named <section> is a region landmark: screen readers list it, and axe finds the text inside a landmark.
    <section aria-label="Test payments" className={styles.banner}>
      <p className={`container ${styles.text}`}>{TEST_PAYMENTS_NOTICE}</p>
    </section>
  );
}
