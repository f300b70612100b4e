'use client';

import { useEffect } from 'react';
import { markConversationReadAction } from '../../lib/messaging/messaging-actions';

/**
 * Marks the thread read once the person has it open in the browser, up to the
 * newest message the page shows. Reading the thread (a GET, which a prefetch
 * or a link preview may make too) never marks it; this POST does. The action
 * refreshes the page, so the header's unread count follows.
 */
export function MarkRead({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  useEffect(() => {
    void markConversationReadAction(conversationId, messageId);
  }, [conversationId, messageId]);
  return null;
}
