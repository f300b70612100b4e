import { ordersResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { OrdersTable } from '../../../components/order-view/orders-table';
import { Pagination } from '../../../components/pagination/pagination';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { parsePageParams } from '../../../lib/browse/page-params';
import { itemRangeText } from '../../../lib/browse/pagination';
import { type RawSearchParams, toURLSearchParams } from '../../../lib/browse/search-params';
import { ORDERS_PATHS, signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';

export const metadata: Metadata = { title: 'My Orders' };

/** The buyer's orders (issue 15): newest first, a page at a time; each links to its order page. */
export default async function MyOrdersPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(ORDERS_PATHS.buyer));
  const raw = await searchParams;
  const { page: pageNumber, pageSize } = parsePageParams(raw);
  const [answer, userZone] = await Promise.all([
    callApi<unknown>(
      'GET',
      `/marketplace-api/users/${encodeURIComponent(user.id)}/orders?pageSize=${pageSize}&pageNumber=${pageNumber}`,
    ),
    getUserTimeZone(),
  ]);
  const parsed = answer.ok ? ordersResponse.safeParse(answer.data) : null;
  const data = parsed?.success ? parsed.data : null;
  const params = toURLSearchParams(raw);
  params.delete('page');
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>My Orders</h1>
      {!data ? (
        <FormMessages
          error={answer.error?.message ?? 'Your orders could not be loaded. Reload the page to try again.'}
        />
      ) : null}
      {data && data.orders.length === 0 ? (
        <p>You have no orders yet. What you buy, the offers sellers accept and the lots you win are listed here.</p>
      ) : null}
      {data && data.orders.length > 0 ? (
        <>
          <p className={page.lead}>{itemRangeText(data.pagination)}</p>
          <OrdersTable orders={data.orders} side="buyer" timeZone={displayZone(userZone)} caption="Your orders" />
          <Pagination
            pathname={ORDERS_PATHS.buyer}
            params={params}
            page={data.pagination.pageNumber}
            totalPages={data.pagination.totalPages}
          />
        </>
      ) : null}
    </div>
  );
}
