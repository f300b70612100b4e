import 'server-only';
import {
  type ConversationThread,
  conversationResponse,
  type InboxResponse,
  inboxResponse,
  unreadMessagesResponse,
} from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/** Reads of the message inboxes for server-rendered pages, on behalf of the signed-in browser. */

export type Loaded<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const FAILED = 'Your messages could not be loaded. Reload the page to try again.';

export async function loadInbox(path: string): Promise<Loaded<InboxResponse>> {
  const answer = await callApi<unknown>('GET', path);
  const parsed = inboxResponse.safeParse(answer.data);
  if (answer.ok && parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, status: answer.status, message: answer.error?.message ?? FAILED };
}

/** One page of a thread (1 = the newest messages); reading it does not mark it read. */
export async function loadConversation(conversationId: string, pageNumber = 1): Promise<Loaded<ConversationThread>> {
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace-api/conversations/${encodeURIComponent(conversationId)}?pageNumber=${pageNumber}`,
  );
  const parsed = conversationResponse.safeParse(answer.data);
  if (answer.ok && parsed.success) return { ok: true, data: parsed.data.conversation };
  return { ok: false, status: answer.status, message: answer.error?.message ?? FAILED };
}

/** The unread counts for the header and the inbox tabs; zero when they cannot be read. */
export async function loadUnread(userId: string) {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/unread-messages`);
  const parsed = unreadMessagesResponse.safeParse(answer.data);
  return parsed.success ? parsed.data : { buyer: 0, seller: 0, total: 0 };
}
