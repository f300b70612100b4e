import type { Pagination } from '@lotline/contracts';
import { threadPageHref } from '../../lib/messaging/thread-page';
import styles from './messages.module.css';

/** Links between the pages of a thread: older messages are on higher pages. */
export function ThreadPager({ threadPath, pagination }: { threadPath: string; pagination: Pagination }) {
  const { pageNumber, totalPages } = pagination;
  if (totalPages <= 1 && pageNumber === 1) return null;
  return (
    <nav aria-label="Pages of this conversation" className={styles.pager}>
      {pageNumber < totalPages ? <a href={threadPageHref(threadPath, pageNumber + 1)}>Older messages</a> : null}
      {pageNumber > 1 ? (
        <a href={threadPageHref(threadPath, Math.min(pageNumber - 1, totalPages))}>Newer messages</a>
      ) : null}
    </nav>
  );
}
