import type { Metadata } from 'next';
import { ThreadPage } from '../../../../components/messages/message-pages';

export const metadata: Metadata = { title: 'Seller messages' };

export default async function Page({ params }: { params: Promise<{ conversationId: string }> }) {
  return <ThreadPage side="seller" conversationId={(await params).conversationId} />;
}
