import type { Metadata } from 'next';
import { ThreadPage } from '../../../../components/messages/message-pages';
import { threadPageOf } from '../../../../lib/messaging/thread-page';

export const metadata: Metadata = { title: 'Seller messages' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ conversationId: string }>;
  searchParams: Promise<{ page?: string | string[] }>;
}) {
  const pageNumber = threadPageOf((await searchParams).page);
  return <ThreadPage pageNumber={pageNumber} side="seller" conversationId={(await params).conversationId} />;
}
