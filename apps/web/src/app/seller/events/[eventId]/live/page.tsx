import type { SellerBidsResponse, SellerLiveLot, SellerLiveResponse } from '@lotline/contracts';
import { lotPagePath, sellerEventPath } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { Pagination } from '../../../../../components/pagination/pagination';
import { callApi } from '../../../../../lib/auth/api-call.server';
import { parsePageParams } from '../../../../../lib/browse/page-params';
import type { RawSearchParams } from '../../../../../lib/browse/search-params';
import { formatMoney } from '../../../../../lib/format/money';
import { readOwnEvent } from '../../../../../lib/seller-run/own-event.server';
import { sellerEventLivePath } from '../../../../../lib/seller-run/paths';
import { displayZone } from '../../../../../lib/time/format';
import { formatDateTime } from '../../../../../lib/time/format-date';
import { getUserTimeZone } from '../../../../../lib/time/user-zone.server';
import styles from '../../events.module.css';
import { LiveRefresh } from './live-refresh';

export const metadata: Metadata = { title: 'Live view' };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const reserveText = (lot: SellerLiveLot) =>
  lot.reserveMet === null ? 'No reserve' : lot.reserveMet ? 'Met' : 'Not met';

/**
 * /seller/events/{eventId}/live (issue 16; decision 0052): per lot the price
 * the public sees, bids, status, end, reserve met and the high bidder (the
 * pseudonym and who it is), then the bids newest first. It follows the live
 * stream and reads itself again when a lot changes.
 */
export default async function SellerLivePage({
  params,
  searchParams,
}: {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { eventId } = await params;
  const path = sellerEventLivePath(eventId);
  const own = await readOwnEvent(eventId, path, 'Live view');
  if ('page' in own) return own.page;
  const raw = await searchParams;
  const lotId = one(raw.lot);
  const { page } = parsePageParams(raw);
  const api = `/marketplace-api/seller/events/${encodeURIComponent(eventId)}`;
  const bidQuery = new URLSearchParams({ ...(lotId ? { lotId } : {}), pageNumber: String(page) });
  const [live, bids, zone] = await Promise.all([
    callApi<SellerLiveResponse>('GET', `${api}/live`),
    callApi<SellerBidsResponse>('GET', `${api}/bids?${bidQuery}`),
    getUserTimeZone(),
  ]);
  const timeZone = displayZone(zone);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const lots = live.data?.lots ?? [];
  const filteredLot = lots.find((l) => l._id === lotId);
  const shown = Object.fromEntries(
    lots.map((l) => [
      l._id,
      {
        currentBid: l.currentBid === null ? null : { amount: l.currentBid },
        bidsCount: l.bidsCount,
        endedAt: l.endsAt,
        status: l.status,
      },
    ]),
  );

  return (
    <div className={styles.page}>
      <p>
        <a href={sellerEventPath(eventId)}>← {own.event.name}</a>
      </p>
      <h1>Live view</h1>
      <p className={styles.muted}>
        Bidders see each other as “Bidder N”; you also see who they are. Nobody’s maximum bid is shown. This page
        updates itself as bids arrive.
      </p>
      <LiveRefresh shown={shown} />
      <section className={styles.section} aria-labelledby="live-lots">
        <h2 id="live-lots">Lots</h2>
        {live.ok ? null : <p role="alert">The lots could not be loaded. Reload the page to try again.</p>}
        {live.ok && lots.length === 0 ? <p className={styles.muted}>No lots yet.</p> : null}
        {lots.length > 0 ? (
          <table className={styles.table}>
            <caption className="visually-hidden">Lots of {own.event.name}</caption>
            <thead>
              <tr>
                <th scope="col">Lot</th>
                <th scope="col">Current price</th>
                <th scope="col">Bids</th>
                <th scope="col">Status</th>
                <th scope="col">Ends</th>
                <th scope="col">Reserve</th>
                <th scope="col">High bidder</th>
              </tr>
            </thead>
            <tbody>
              {lots.map((lot) => (
                <tr key={lot._id} data-live-lot-id={lot._id} data-testid="live-lot">
                  <td>
                    <a href={lotPagePath(lot._id)}>
                      Lot {lot.number} · {lot.name}
                    </a>
                  </td>
                  <td>{lot.currentBid === null ? '—' : formatMoney(lot.currentBid, lot.currency)}</td>
                  <td>
                    {lot.bidsCount > 0 ? (
                      <a href={`${path}?lot=${encodeURIComponent(lot._id)}#live-bids`}>{lot.bidsCount}</a>
                    ) : (
                      0
                    )}
                  </td>
                  <td>{lot.status}</td>
                  <td>{when(lot.endsAt)}</td>
                  <td>{reserveText(lot)}</td>
                  <td>
                    {lot.highBidder
                      ? `${lot.highBidder.pseudonym}: ${lot.highBidder.name} (${lot.highBidder.email})`
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="live-bids">
        <h2 id="live-bids">{filteredLot ? `Bids on lot ${filteredLot.number}` : 'Bids, newest first'}</h2>
        {filteredLot ? (
          <p>
            <a href={`${path}#live-bids`}>All lots’ bids</a>
          </p>
        ) : null}
        {bids.ok ? null : <p role="alert">The bids could not be loaded. Reload the page to try again.</p>}
        {bids.data && bids.data.bids.length === 0 ? <p className={styles.muted}>No bids yet.</p> : null}
        {bids.data && bids.data.bids.length > 0 ? (
          <table className={styles.table}>
            <caption className="visually-hidden">Bids, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Placed</th>
                <th scope="col">Lot</th>
                <th scope="col">Amount</th>
                <th scope="col">Public name</th>
                <th scope="col">Bidder</th>
              </tr>
            </thead>
            <tbody>
              {bids.data.bids.map((b) => (
                <tr key={b._id} data-testid="live-bid">
                  <td>{formatDateTime(b.placedAt, timeZone)}</td>
                  <td>Lot {b.lot.number}</td>
                  <td>
                    {formatMoney(b.amount, b.currency)}
                    {b.kind === 'auto' ? ' (automatic, for the leader)' : ''}
                  </td>
                  <td>{b.bidder.pseudonym}</td>
                  <td>
                    {b.bidder.name} ({b.bidder.email})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {bids.data ? (
          <Pagination
            pathname={path}
            params={new URLSearchParams(lotId ? { lot: lotId } : {})}
            page={page}
            totalPages={bids.data.pagination.totalPages}
          />
        ) : null}
      </section>
    </div>
  );
}
