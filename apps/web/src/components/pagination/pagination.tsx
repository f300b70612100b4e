import { pageLinkHref, pageWindow } from '../../lib/browse/pagination';
import styles from './pagination.module.css';

interface PaginationProps {
  pathname: string;
  /** The current query string; every parameter but `page` is kept in the links. */
  params: URLSearchParams;
  page: number;
  totalPages: number;
}

/** Previous / numbered / next links: real links, so paging works without JavaScript. */
export function Pagination({ pathname, params, page, totalPages }: PaginationProps) {
  if (totalPages <= 1) return null;
  const href = (p: number) => pageLinkHref(pathname, params, { page: p });
  return (
    <nav aria-label="Pagination" className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className={styles.step}>
              <span aria-hidden="true">‹</span>
              <span className={styles.stepText}>Previous</span>
            </a>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              <span aria-hidden="true">‹</span>
              <span className={styles.stepText}>Previous</span>
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((link) =>
          link.kind === 'gap' ? (
            <li key={link.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              <a
                href={href(link.page)}
                className={styles.page}
                aria-label={`Page ${link.page}`}
                aria-current={link.page === page ? 'page' : undefined}
              >
                {link.page}
              </a>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <a href={href(page + 1)} rel="next" className={styles.step}>
              <span className={styles.stepText}>Next</span>
              <span aria-hidden="true">›</span>
            </a>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              <span className={styles.stepText}>Next</span>
              <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
