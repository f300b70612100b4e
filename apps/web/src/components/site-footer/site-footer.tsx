import { TERMS_OF_USE_PATH } from '../../lib/routes';
import { LogoMark } from '../logo/logo';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.brand}>
          <LogoMark size={24} />
          <span>© Lotline</span>
        </p>
        <nav aria-label="Legal">
          <ul className={styles.links}>
            <li>
              <a href={TERMS_OF_USE_PATH}>Terms of Use</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
