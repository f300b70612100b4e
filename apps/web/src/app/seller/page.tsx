import { ordersResponse, unreadMessagesResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../components/forms/auth-page.module.css';
import { callApi } from '../../lib/auth/api-call.server';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import {
  MESSAGES_PATHS,
  ORDERS_PATHS,
  SELLER_COMPANY_PATH,
  SELLER_EVENTS_PATH,
  SELLER_OFFERS_PATH,
  SELLER_PATH,
  SELLER_PAYOUTS_PATH,
  SELLER_RESERVE_PATH,
  SELLER_TENDERS_PATH,
  signInHref,
} from '../../lib/routes';

export const metadata: Metadata = { title: 'Seller console' };

/** How many orders of the seller's companies match the filter (null when it cannot be read). */
async function countOrders(query: string): Promise<number | null> {
  const answer = await callApi<unknown>('GET', `/marketplace-api/seller/orders?pageSize=1&${query}`);
  const parsed = answer.ok ? ordersResponse.safeParse(answer.data) : null;
  return parsed?.success ? parsed.data.pagination.totalItems : null;
}

/**
 * The seller console's home (issue 15): what awaits the seller's users, and
 * where to act on it. For the users of a seller company; anyone else is told so.
 */
export default async function SellerHomePage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELLER_PATH));
  const [awaiting, unpaid, unread] = await Promise.all([
    countOrders('approval=awaiting&status=OrderPending'),
    countOrders('status=OrderPending'),
    callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(user.id)}/unread-messages`),
  ]);
  if (awaiting === null) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Seller console</h1>
        <p>Only the users of a seller company have a seller console.</p>
      </div>
    );
  }
  const messages = unread.ok ? unreadMessagesResponse.safeParse(unread.data) : null;
  const unreadSeller = messages?.success ? messages.data.seller : 0;
  const waiting = (n: number | null, what: string) => (n && n > 0 ? ` (${n} ${what})` : '');
  return (
    <div className={page.page}>
      <h1 className={page.title}>Seller console</h1>
      <nav aria-label="Seller console">
        <ul className={page.links}>
          <li>
            <a href={SELLER_EVENTS_PATH}>Events</a>
          </li>
          <li>
            <a href={ORDERS_PATHS.seller}>
              Orders{waiting(awaiting, 'awaiting your approval')}
              {waiting(unpaid, 'awaiting payment')}
            </a>
          </li>
          <li>
            <a href={SELLER_OFFERS_PATH}>Offers</a>
          </li>
          <li>
            <a href={SELLER_TENDERS_PATH}>Tenders</a>
          </li>
          <li>
            <a href={SELLER_RESERVE_PATH}>Reserve not met</a>
          </li>
          <li>
            <a href={MESSAGES_PATHS.seller}>Messages{waiting(unreadSeller, 'unread')}</a>
          </li>
          <li>
            <a href={SELLER_COMPANY_PATH}>Company profile and members</a>
          </li>
          <li>
            <a href={SELLER_PAYOUTS_PATH}>Payouts and payout account</a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
