import { signOutAction } from '../../lib/auth/actions';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { Logo } from '../logo/logo';
import { SearchForm } from './search-form';
import styles from './site-header.module.css';

export async function SiteHeader() {
  const user = await getCurrentUser();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <SearchForm />
        <nav aria-label="Account" className={styles.account}>
          {user ? (
            <div className={styles.user}>
              <a href="/account" className={styles.userName}>
                {user.name}
              </a>
              <a href="/account/watchlist" className={styles.userName}>
                My Watchlist
              </a>
              <form action={signOutAction}>
                <button type="submit" className={styles.signOut}>
                  Sign out
                </button>
              </form>
            </div>
          ) : (
            <a href="/login" className={styles.signIn}>
              Sign in
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}
