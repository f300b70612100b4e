import { notFound, redirect } from 'next/navigation';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import { loadConversation, loadInbox, loadUnread } from '../../lib/messaging/inbox.server';
import { threadPageHref } from '../../lib/messaging/thread-page';
import { MESSAGES_PATHS, messageThreadPath, signInHref } from '../../lib/routes';
import page from '../forms/auth-page.module.css';
import { FormMessages } from '../forms/form-messages';
import { InboxList, InboxTabs, ThreadView } from './inbox';

/**
 * The buyer's (/account/messages) and the seller user's (/seller/messages)
 * inboxes and threads: the same pages over the two sides. Server-rendered; a
 * visitor is sent to sign in, a non-seller gets the 404 page for the seller
 * side, and a thread the user is not part of is a 404 too.
 */

export type Side = 'buyer' | 'seller';

async function signedInUser(next: string) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(next));
  return user;
}

export async function InboxPage({ side }: { side: Side }) {
  const user = await signedInUser(MESSAGES_PATHS[side]);
  const isSeller = user.roles.includes('seller');
  if (side === 'seller' && !isSeller) notFound();
  const path =
    side === 'buyer'
      ? `/marketplace-api/users/${encodeURIComponent(user.id)}/conversations`
      : '/marketplace-api/seller/conversations';
  const [inbox, unread] = await Promise.all([loadInbox(path), loadUnread(user.id)]);
  if (!inbox.ok && inbox.status === 403) notFound();

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>{side === 'buyer' ? 'Messages' : 'Seller messages'}</h1>
      <InboxTabs current={side} unread={unread} seller={isSeller} />
      {inbox.ok ? (
        <InboxList
          conversations={inbox.data.conversations}
          side={side}
          empty={
            side === 'buyer'
              ? 'You have no messages yet. Use “Contact Seller” on an event to ask a seller a question.'
              : 'No buyer has written to your company yet.'
          }
        />
      ) : (
        <FormMessages error={inbox.message} />
      )}
    </div>
  );
}

export async function ThreadPage({
  side,
  conversationId,
  pageNumber,
}: {
  side: Side;
  conversationId: string;
  pageNumber: number;
}) {
  await signedInUser(`${MESSAGES_PATHS[side]}/${conversationId}`);
  const thread = await loadConversation(conversationId, pageNumber);
  if (!thread.ok && thread.status === 404) notFound();
  // The same conversation seen from the other side lives at the other address.
  if (thread.ok && thread.data.viewerSide !== side)
    redirect(threadPageHref(messageThreadPath(thread.data.viewerSide, conversationId), pageNumber));
  return (
    <div className={`${page.page} ${page.wide}`}>
      {thread.ok ? (
        <ThreadView
          conversation={thread.data}
          backHref={MESSAGES_PATHS[side]}
          threadPath={messageThreadPath(side, conversationId)}
        />
      ) : (
        <FormMessages error={thread.message} />
      )}
    </div>
  );
}
