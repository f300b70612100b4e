import { type SellerTenderLot, TENDERS_SEALED_NOTE } from '@lotline/contracts';
import { lotPagePath, SELLER_TENDERS_PATH } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import { AwardButton } from './award-button';
import styles from './tenders.module.css';

export const metadata: Metadata = { title: 'Tenders' };

const OUTCOME = { awarded: 'Awarded', 'not-awarded': 'Not awarded' } as const;

/**
 * /seller/tenders (issue 15; decision 0047): the company's tender lots. Open
 * lots show only how many tenders are in (the API gives no amount before the
 * close); closed lots awaiting the award list every tender with "Award" and
 * "Award none"; decided lots their outcome. Seller users only (404 otherwise).
 */
export default async function SellerTendersPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELLER_TENDERS_PATH));
  if (!user.roles.includes('seller')) notFound();
  const [answer, zone] = await Promise.all([
    callApi<{ lots: SellerTenderLot[] }>('GET', '/marketplace-api/seller/tenders'),
    getUserTimeZone(),
  ]);
  if (!answer.ok && answer.status === 403) notFound();
  const lots = answer.data?.lots ?? [];
  const timeZone = displayZone(zone);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const groups = [
    { phase: 'awaiting-award', title: 'Awaiting your award' },
    { phase: 'open', title: 'Open for tenders' },
    { phase: 'decided', title: 'Decided' },
  ] as const;

  return (
    <div className={styles.page}>
      <h1>Tenders</h1>
      {answer.ok ? null : <p role="alert">Your tenders could not be loaded. Reload the page to try again.</p>}
      {groups.map(({ phase, title }) => {
        const inGroup = lots.filter((l) => l.phase === phase);
        return (
          <section key={phase} aria-labelledby={`tenders-${phase}`} data-testid={`tenders-${phase}`}>
            <h2 id={`tenders-${phase}`}>{title}</h2>
            {inGroup.length === 0 ? <p className={styles.muted}>No lots.</p> : null}
            {inGroup.map((lot) => (
              <article
                key={lot.eventLotId}
                className={styles.lot}
                data-testid="tender-lot"
                data-lot-id={lot.eventLotId}
              >
                <h3>
                  <a href={lotPagePath(lot.eventLotId)}>
                    Lot {lot.number} · {lot.name}
                  </a>
                </h3>
                {lot.phase === 'open' ? (
                  <>
                    <p>
                      {lot.tendersCount === 1 ? '1 tender' : `${lot.tendersCount} tenders`} · closes {when(lot.endedAt)}
                    </p>
                    <p className={styles.muted}>{TENDERS_SEALED_NOTE}</p>
                  </>
                ) : (
                  <TenderTable lot={lot} when={when} />
                )}
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}

function TenderTable({ lot, when }: { lot: SellerTenderLot; when: (iso: string | null) => string }) {
  const awaiting = lot.phase === 'awaiting-award';
  return (
    <>
      <p className={styles.muted}>
        Closed {when(lot.closedAt)}
        {awaiting ? ` · award by ${when(lot.awardBy)}` : ` · ${lot.status}`}
      </p>
      {lot.tenders.length === 0 ? (
        <p>No tenders were submitted.</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">Tenders for lot {lot.number}</caption>
          <thead>
            <tr>
              <th scope="col">Amount</th>
              <th scope="col">Bidder</th>
              <th scope="col">Submitted</th>
              <th scope="col">{awaiting ? 'Award' : 'Outcome'}</th>
            </tr>
          </thead>
          <tbody>
            {lot.tenders.map((tender) => {
              const amount = formatMoney(tender.amount, lot.currency);
              return (
                <tr key={tender.id}>
                  <td>{amount}</td>
                  <td>{tender.bidderName}</td>
                  <td>{when(tender.updatedAt)}</td>
                  <td>
                    {awaiting ? (
                      <AwardButton
                        lotId={lot.eventLotId}
                        tenderId={tender.id}
                        label="Award"
                        accessibleName={`Award lot ${lot.number} to ${tender.bidderName}`}
                        question={`Award lot ${lot.number} to ${tender.bidderName} at ${amount}? An order is created and charged.`}
                      />
                    ) : tender.outcome ? (
                      OUTCOME[tender.outcome]
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {awaiting ? (
        <p>
          <AwardButton
            lotId={lot.eventLotId}
            tenderId={null}
            label="Award none"
            accessibleName={`Award lot ${lot.number} to nobody`}
            question={`Award lot ${lot.number} to nobody? The lot closes unsold.`}
          />
        </p>
      ) : null}
    </>
  );
}
