import { getCurrentUser } from '../../lib/auth/current-user.server';
import { loadTermsState } from '../../lib/content/terms-state.server';
import { TERMS_OF_USE_PATH } from '../../lib/routes';
import styles from './terms-banner.module.css';

/**
 * Atop every page for a signed-in person who has not agreed to the Terms of Use in force (decisions 0084, 0089):
 * bids and registrations are refused until they do, on the Terms page, whose "I agree" records the version.
 * Visitors and people who agreed see nothing.
 */
export async function TermsBanner() {
  const user = await getCurrentUser();
  if (!user) return null;
  const state = await loadTermsState(user.id);
  if (!state || state.agreed) return null;
  return (
    // A named <section> is a region landmark: screen readers list it among the page's landmarks.
    <section aria-label="Terms of Use changed" className={styles.banner}>
      <p className={`container ${styles.text}`}>
        Our Terms of Use have changed (version {state.currentVersion}).{' '}
        <a href={TERMS_OF_USE_PATH}>Review and agree to them</a> to continue bidding.
      </p>
    </section>
  );
}
