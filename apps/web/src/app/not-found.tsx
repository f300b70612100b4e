import type { Metadata } from 'next';
import { LOTS_PATH } from '../lib/routes';
import styles from './status-page.module.css';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <div className={styles.page}>
      <p className={styles.code}>Error 404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>
        The page you are looking for does not exist or has moved. The lot may have been removed by its seller.
      </p>
      <div className={styles.actions}>
        <a href={LOTS_PATH} className="button">
          Browse all lots
        </a>
      </div>
    </div>
  );
}
