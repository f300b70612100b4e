'use client';

import { useEffect } from 'react';
import { LOTS_PATH } from '../lib/routes';
import styles from './status-page.module.css';

/**
 * Shown when rendering a page fails (most often: the API is unreachable).
 * Production builds only hand us a digest, never the server's message, so
 * nothing internal can leak; the digest is logged to match server logs.
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className={styles.page}>
      <p className={styles.code}>Something went wrong</p>
      <h1 className={styles.title}>We could not load this page</h1>
      <p className={styles.text}>This is usually temporary. Please try again in a moment.</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => retry()}>
          Try again
        </button>
        <a href={LOTS_PATH} className="button button-secondary">
          Browse all lots
        </a>
      </div>
    </div>
  );
}
