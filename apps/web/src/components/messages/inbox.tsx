import type { ConversationSummary, ConversationThread } from '@lotline/contracts';
import { eventHref, MESSAGES_PATHS, messageThreadPath, orderPagePath } from '../../lib/routes';
import { displayZone, formatDateTime } from '../../lib/time/format';
import { getUserTimeZone } from '../../lib/time/user-zone.server';
import { MarkRead } from './mark-read';
import styles from './messages.module.css';
import { ReplyForm } from './reply-form';
import { ThreadPager } from './thread-pager';

/** What a conversation is about, as one line: the order (an order's thread), or the lot (if any) and the event. */
export function subjectOf(c: Pick<ConversationSummary, 'event' | 'eventLot' | 'order'>): string {
  if (c.order) return `Order ${c.order.number}${c.eventLot ? `: ${c.eventLot.name}` : ''}`;
  const event = c.event?.name ?? '';
  return c.eventLot ? `Lot ${c.eventLot.number}: ${c.eventLot.name} (${event})` : event;
}

/** Where the subject links: the order's page on the reader's side, else the event's page. */
function subjectHref(c: ConversationThread): string | null {
  if (c.order) return orderPagePath(c.viewerSide, c.order._id);
  return c.event ? eventHref(c.event) : null;
}

/** The two inboxes of a seller user, with their unread counts; a buyer has only the first. */
export function InboxTabs({
  current,
  unread,
  seller,
}: {
  current: 'buyer' | 'seller';
  unread: { buyer: number; seller: number };
  seller: boolean;
}) {
  if (!seller) return null;
  const tab = (side: 'buyer' | 'seller', href: string, label: string) => (
    <a href={href} aria-current={current === side ? 'page' : undefined} className={styles.tab}>
      {label}
      {unread[side] > 0 ? ` (${unread[side]} unread)` : ''}
    </a>
  );
  return (
    <nav aria-label="Inboxes" className={styles.tabs}>
      {tab('buyer', MESSAGES_PATHS.buyer, 'As a buyer')}
      {tab('seller', MESSAGES_PATHS.seller, 'As a seller')}
    </nav>
  );
}

/** An inbox: each conversation with the other side's name, subject, last message and unread count. */
export async function InboxList({
  conversations,
  side,
  empty,
}: {
  conversations: ConversationSummary[];
  side: 'buyer' | 'seller';
  empty: string;
}) {
  if (conversations.length === 0) return <p>{empty}</p>;
  const timeZone = displayZone(await getUserTimeZone());
  return (
    <ul className={styles.inbox} aria-label="Conversations">
      {conversations.map((c) => {
        const other = side === 'buyer' ? c.company.name : c.buyer.name;
        return (
          <li key={c._id} className={`${styles.entry} ${c.unreadCount > 0 ? styles.unread : ''}`}>
            <a href={messageThreadPath(side, c._id)} className={styles.entryLink}>
              {other}: {subjectOf(c)}
            </a>
            {c.unreadCount > 0 ? <span className={styles.badge}>{c.unreadCount} unread</span> : null}
            <p className={styles.excerpt}>
              <span>{c.lastMessage.authorName}:</span> {c.lastMessage.body}
            </p>
            <time dateTime={c.lastMessage.createdAt} className={styles.when}>
              {formatDateTime(c.lastMessage.createdAt, timeZone)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

/** A page of a thread, oldest first, links to its other pages, and the reply form. */
export async function ThreadView({
  conversation,
  backHref,
  threadPath,
}: {
  conversation: ConversationThread;
  backHref: string;
  threadPath: string;
}) {
  const timeZone = displayZone(await getUserTimeZone());
  const other = conversation.viewerSide === 'buyer' ? conversation.company.name : conversation.buyer.name;
  // Only the newest page marks the thread read: an older page does not show the latest messages.
  const newest = conversation.pagination.pageNumber === 1 ? conversation.messages.at(-1) : undefined;
  const href = subjectHref(conversation);
  return (
    <>
      <p>
        <a href={backHref}>Back to your messages</a>
      </p>
      <h1 className={styles.title}>{other}</h1>
      <p className={styles.about}>
        About {href ? <a href={href}>{subjectOf(conversation)}</a> : subjectOf(conversation)}
      </p>
      <ThreadPager threadPath={threadPath} pagination={conversation.pagination} />
      <ol className={styles.thread} aria-label="Messages">
        {conversation.messages.map((m) => (
          <li key={m._id} className={`${styles.message} ${m.side === conversation.viewerSide ? styles.mine : ''}`}>
            <p className={styles.author}>
              {m.authorName}{' '}
              <time dateTime={m.createdAt} className={styles.when}>
                {formatDateTime(m.createdAt, timeZone)}
              </time>
            </p>
            <p className={styles.body}>{m.body}</p>
          </li>
        ))}
      </ol>
      {newest ? <MarkRead conversationId={conversation._id} messageId={newest._id} /> : null}
      <ReplyForm conversationId={conversation._id} />
    </>
  );
}
