import type { EventDetail } from '@lotline/contracts';
import {
  ATTACHMENT_FILTERS,
  type AttachmentFilter,
  attachmentKind,
  extensionOf,
  filterAttachments,
} from '../../../../../lib/events/attachments';
import { fileSize } from '../../../../../lib/format/file-size';
import styles from './event-page.module.css';

const FILTER_LABELS: Record<AttachmentFilter, string> = { all: 'All', media: 'Media', file: 'Files' };
export const ATTACHMENTS_ID = 'event-attachments';

/**
 * The event's attachments with the all / media / file filter of spec §5.
 * The filter is links (`?attachments=media`), so it works without JavaScript
 * and a filtered list can be shared; the fragment keeps the list in view.
 */
export function EventAttachments({
  attachments,
  filter,
  hrefFor,
}: {
  attachments: EventDetail['attachments'];
  filter: AttachmentFilter;
  /** The page's address with the filter set to a value. */
  hrefFor: (filter: AttachmentFilter) => string;
}) {
  if (attachments.length === 0) return null;
  const shown = filterAttachments(attachments, filter);
  return (
    <section id={ATTACHMENTS_ID} className={styles.section} aria-labelledby="event-attachments-title">
      <h2 id="event-attachments-title">Attachments</h2>
      <nav aria-label="Filter attachments by type">
        <ul className={styles.filterLinks}>
          {ATTACHMENT_FILTERS.map((value) => (
            <li key={value}>
              <a
                className={styles.filterLink}
                href={`${hrefFor(value)}#${ATTACHMENTS_ID}`}
                aria-current={value === filter ? 'true' : undefined}
              >
                {FILTER_LABELS[value]}
                <span className="visually-hidden"> attachments</span>
                {` (${filterAttachments(attachments, value).length})`}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length > 0 ? (
        <ul className={styles.attachmentList} aria-label="Attachments shown">
          {shown.map((a) => (
            <li key={a._id} data-kind={attachmentKind(a.url)}>
              {/* An uploaded file is named by its own name and size (decision 0085); an older link by its address. */}
              <a href={a.url} target="_blank" rel="noopener">
                {a.description || a.fileName || a.url.slice(a.url.lastIndexOf('/') + 1)}
              </a>{' '}
              <span className={styles.muted}>
                ({extensionOf(a.url).toUpperCase() || 'file'}
                {a.fileName && a.description ? ` · ${a.fileName}` : ''}
                {a.size !== null ? ` · ${fileSize(a.size)}` : ''})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>
          {filter === 'media' ? 'This event has no photos among its attachments.' : 'This event has no documents.'}
        </p>
      )}
    </section>
  );
}
