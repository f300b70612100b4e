import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { Pagination } from '../../../components/pagination/pagination';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { myBidsPath } from '../../../lib/bidding/api-paths';
import { MY_BIDS_FILTERS, parseMyBidsStatus } from '../../../lib/bidding/my-bids';
import { myBids } from '../../../lib/bidding/shapes';
import { parsePageParams } from '../../../lib/browse/page-params';
import { itemRangeText } from '../../../lib/browse/pagination';
import { type RawSearchParams, toURLSearchParams } from '../../../lib/browse/search-params';
import { MY_BIDS_PATH, myBidsHref, signInRedirectHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import list from '../addresses.module.css';
import { MyBidRowItem } from './my-bid-row';
import styles from './my-bids.module.css';

export const metadata: Metadata = { title: 'My Bids' };

/**
 * My Bids (issue 14, contract §5 GET users/{userId}/bids): the lots the user
 * bid on, filtered by bidding status, a page at a time, each with its status
 * in its colour (BIDDING §4), the last bid and the maximum. Links only: it
 * works without JavaScript.
 */
export default async function MyBidsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInRedirectHref(MY_BIDS_PATH));
  const raw = await searchParams;
  const status = parseMyBidsStatus(raw);
  const { page: pageNumber, pageSize } = parsePageParams(raw);
  const [answer, userZone] = await Promise.all([
    callApi<unknown>('GET', myBidsPath(user.id, { biddingStatus: status, pageSize, pageNumber })),
    getUserTimeZone(),
  ]);
  const parsed = answer.ok ? myBids.safeParse(answer.data) : null;
  const data = parsed?.success ? parsed.data : null;
  const timeZone = displayZone(userZone);
  const params = toURLSearchParams(raw);
  params.delete('page');
  const filterLabel = MY_BIDS_FILTERS.find((f) => f.status === status)?.label ?? 'All';

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>My Bids</h1>
      <nav aria-label="Filter by bidding status">
        <ul className={styles.filters}>
          {MY_BIDS_FILTERS.map((filter) => (
            <li key={filter.label}>
              <a
                href={myBidsHref(filter.status)}
                className={styles.filter}
                aria-current={filter.status === status ? 'page' : undefined}
              >
                {filter.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {!data ? (
        <FormMessages error={answer.error?.message ?? 'Your bids could not be loaded. Reload the page to try again.'} />
      ) : null}
      {data && data.bidders.length === 0 ? (
        <p>
          {status
            ? `You have no lots with the status “${filterLabel}”.`
            : 'You have not bid on any lot yet. Lots you bid on are listed here with your status.'}
        </p>
      ) : null}
      {data && data.bidders.length > 0 ? (
        <>
          <p className={page.lead}>{itemRangeText(data.pagination)}</p>
          <ul className={list.list} aria-label={`Your lots: ${filterLabel}`}>
            {data.bidders.map((row) => (
              <MyBidRowItem key={row._id} row={row} timeZone={timeZone} />
            ))}
          </ul>
          <Pagination
            pathname={MY_BIDS_PATH}
            params={params}
            page={data.pagination.pageNumber}
            totalPages={data.pagination.totalPages}
          />
        </>
      ) : null}
    </div>
  );
}
