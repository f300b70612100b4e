import { Logo } from '../logo/logo';
import { SearchForm } from './search-form';
import styles from './site-header.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <SearchForm />
        <nav aria-label="Account" className={styles.account}>
          <a href="/login" className={styles.signIn}>
            Sign in
          </a>
        </nav>
      </div>
    </header>
  );
}
