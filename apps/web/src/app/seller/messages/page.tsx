import type { Metadata } from 'next';
import { InboxPage } from '../../../components/messages/message-pages';

export const metadata: Metadata = { title: 'Seller messages' };

export default function Page() {
  return <InboxPage side="seller" />;
}
