import type { Metadata } from 'next';
import { ThreadPage } from '../../../../components/messages/message-pages';

export const metadata: Metadata = { title: 'Messages' };

export default async function Page({ params }: { params: Promise<{ conversationId: string }> }) {
  return <ThreadPage side="buyer" conversationId={(await params).conversationId} />;
}
