import { ORDER_APPROVALS, ORDER_RECORD_STATUSES, ORDER_STATUS, ordersResponse } from '@lotline/contracts';
import { ORDER_STATUS_LABELS } from '@lotline/domain';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/order-view/order-view.module.css';
import { OrdersTable } from '../../../components/order-view/orders-table';
import { Pagination } from '../../../components/pagination/pagination';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { parsePageParams } from '../../../lib/browse/page-params';
import { itemRangeText } from '../../../lib/browse/pagination';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { ORDERS_PATHS, SELLER_PATH, signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';

export const metadata: Metadata = { title: 'Seller orders' };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The filters, as links: all, awaiting approval, then each status. */
const FILTERS: { label: string; query: Record<string, string> }[] = [
  { label: 'All', query: {} },
  { label: 'Awaiting your approval', query: { approval: 'awaiting', status: ORDER_STATUS.pending } },
  ...ORDER_RECORD_STATUSES.map((s) => ({ label: ORDER_STATUS_LABELS[s], query: { status: s } })),
];

/** The company's orders (issue 15): awaiting approvals first, filters by status and approval, paged. */
export default async function SellerOrdersPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(ORDERS_PATHS.seller));
  const raw = await searchParams;
  const { page: pageNumber, pageSize } = parsePageParams(raw);
  const status = ORDER_RECORD_STATUSES.find((s) => s === one(raw.status));
  const approval = ORDER_APPROVALS.find((a) => a === one(raw.approval));
  const filter = new URLSearchParams({
    ...(status ? { status } : {}),
    ...(approval ? { approval } : {}),
  });
  const query = new URLSearchParams(filter);
  query.set('pageSize', String(pageSize));
  query.set('pageNumber', String(pageNumber));
  const [answer, userZone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/seller/orders?${query}`),
    getUserTimeZone(),
  ]);
  const parsed = answer.ok ? ordersResponse.safeParse(answer.data) : null;
  const data = parsed?.success ? parsed.data : null;
  const current = filter.toString();
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={SELLER_PATH}>Seller console</a>
      </p>
      <h1 className={page.title}>Orders</h1>
      <nav aria-label="Filter orders">
        <ul className={styles.filters}>
          {FILTERS.map((f) => {
            const qs = new URLSearchParams(f.query).toString();
            return (
              <li key={f.label}>
                <a
                  href={qs ? `${ORDERS_PATHS.seller}?${qs}` : ORDERS_PATHS.seller}
                  aria-current={qs === current ? 'page' : undefined}
                >
                  {f.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {answer.status === 403 ? <p>Only the users of a seller company see its orders.</p> : null}
      {!data && answer.status !== 403 ? (
        <FormMessages
          error={answer.error?.message ?? 'The orders could not be loaded. Reload the page to try again.'}
        />
      ) : null}
      {data && data.orders.length === 0 ? <p>No orders here.</p> : null}
      {data && data.orders.length > 0 ? (
        <>
          <p className={page.lead}>{itemRangeText(data.pagination)}</p>
          <OrdersTable
            orders={data.orders}
            side="seller"
            timeZone={displayZone(userZone)}
            caption="Your company’s orders"
          />
          <Pagination
            pathname={ORDERS_PATHS.seller}
            params={filter}
            page={data.pagination.pageNumber}
            totalPages={data.pagination.totalPages}
          />
        </>
      ) : null}
    </div>
  );
}
