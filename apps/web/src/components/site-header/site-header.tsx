import { canReviewTaxExemptions } from '@lotline/contracts';
import { signOutAction } from '../../lib/auth/actions';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { loadUnread } from '../../lib/messaging/inbox.server';
import {
  ACCOUNT_PATH,
  MESSAGES_PATHS,
  MY_BIDS_PATH,
  ORDERS_PATHS,
  SIGN_IN_PATH,
  STAFF_AUDIT_LOG_PATH,
  WATCHLIST_PATH,
} from '../../lib/routes';
import { Logo } from '../logo/logo';
import { SearchForm } from './search-form';
import styles from './site-header.module.css';

export async function SiteHeader() {
  const user = await getCurrentUser();
  const unread = user ? (await loadUnread(user.id)).total : 0;
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <SearchForm />
        <nav aria-label="Account" className={styles.account}>
          {user ? (
            <div className={styles.user}>
              <a href={ACCOUNT_PATH} className={styles.userName}>
                {user.name}
              </a>
              <a href={WATCHLIST_PATH} className={styles.userName}>
                My Watchlist
              </a>
              <a href={MY_BIDS_PATH} className={styles.userName}>
                My Bids
              </a>
              <a href={ORDERS_PATHS.buyer} className={styles.userName}>
                My Orders
              </a>
              {canReviewTaxExemptions(user.roles) ? (
                <a href={STAFF_AUDIT_LOG_PATH} className={styles.userName}>
                  Staff
                </a>
              ) : null}
              <a href={MESSAGES_PATHS.buyer} className={styles.userName}>
                Messages{' '}
                {unread > 0 ? (
                  <span className={styles.unread}>
                    {unread}
                    <span className="visually-hidden"> unread</span>
                  </span>
                ) : null}
              </a>
              <form action={signOutAction}>
                <button type="submit" className={styles.signOut}>
                  Sign out
                </button>
              </form>
            </div>
          ) : (
            <a href={SIGN_IN_PATH} className={styles.signIn}>
              Sign in
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}
