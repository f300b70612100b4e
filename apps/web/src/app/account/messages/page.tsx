import type { Metadata } from 'next';
import { InboxPage } from '../../../components/messages/message-pages';

export const metadata: Metadata = { title: 'Messages' };

export default function Page() {
  return <InboxPage side="buyer" />;
}
