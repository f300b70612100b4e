import { PAGE_SIZES } from '@lotline/contracts/enums';
import { pageLinkHref } from '../../lib/browse/pagination';
import styles from './pagination.module.css';

interface PageSizeLinksProps {
  pathname: string;
  params: URLSearchParams;
  pageSize: number;
}

/**
 * Page-size choice as links rather than a select: no script needed, and a
 * change starts again at page 1 so the new size never lands past the end.
 */
export function PageSizeLinks({ pathname, params, pageSize }: PageSizeLinksProps) {
  return (
    <nav className={styles.sizes} aria-labelledby="page-size-label">
      <span id="page-size-label" className={styles.sizesLabel}>
        Items per page
      </span>
      <ul className={styles.list}>
        {PAGE_SIZES.map((size) => (
          <li key={size}>
            <a
              href={pageLinkHref(pathname, params, { page: 1, pageSize: size })}
              className={styles.page}
              aria-label={`Show ${size} items per page`}
              aria-current={size === pageSize ? 'true' : undefined}
            >
              {size}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
