'use client';

import { useCallback, useMemo, useState } from 'react';
import { fetchBidding } from '../../lib/bidding/bidding-client';
import { coalesce, LIVE_LOT_ID, useLotChanges } from '../../lib/bidding/live-changes';
import { panelView } from '../../lib/bidding/panel-state';
import type { Registration } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import type { TenderBoxData } from '../../lib/tenders/tender-box.server';
import type { YourTender } from '../../lib/tenders/tender-client';
import { formatDateTime } from '../../lib/time/format-date';
import type { BidPanelProps } from '../bid-panel/bid-panel';
import styles from '../bid-panel/bid-panel.module.css';
import { BidStatus } from '../bid-panel/bid-status';
import { GateSteps, RegistrationNotice } from '../bid-panel/panel-notes';
import { RegisterStep } from '../bid-panel/register-step';
import { FormMessages } from '../forms/form-messages';
import { TermsAgree } from '../lot-detail/terms-agree';
import { TenderForm } from './tender-form';

export const TENDERS_CLOSED_TEXT = 'Tendering on this lot has closed.';

/** The bid panel's inputs (the same steps up to registration), with the tender box's first reads. */
export type TenderBoxProps = Omit<BidPanelProps, 'initial' | 'historySize'> & { initial: TenderBoxData };

/**
 * A TenderLot's box on the lot page (issue 15; decision 0047): the same steps
 * as the bid panel up to registration (its parts reused), then the sealed
 * tender form, the person's OWN tender (never anyone else's: the API answers
 * only theirs) and their status (bid-placed, bidded, won, lost). The lot's
 * live changes (its close, the award) refresh the status.
 */
export function TenderBox(props: TenderBoxProps) {
  const { lotId, eventId, userId, initial } = props;
  const [bidding, setBidding] = useState(initial.bidding);
  const [registration, setRegistration] = useState(initial.registration);
  const [gate, setGate] = useState(props.gate);
  const [tender, setTender] = useState<YourTender | null>(initial.tender);
  const [notice, setNotice] = useState<string>();
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        const answer = await fetchBidding(lotId);
        if (answer.ok) setBidding(answer.data);
      }),
    [lotId],
  );
  useLotChanges(lotId, () => refresh());
  const onRegistered = useCallback(
    (answer: Registration) => {
      setRegistration(answer);
      setGate('ready');
      refresh();
    },
    [refresh],
  );
  const currency = bidding?.currency ?? 'USD';
  const onStored = useCallback(
    (stored: YourTender) => {
      setTender(stored);
      setNotice(`Your tender of ${formatMoney(stored.amount, currency)} is in.`);
      refresh();
    },
    [currency, refresh],
  );

  const now = bidding?.serverTime ?? 0;
  const view = panelView({ gate, bidding, registration, startAt: props.startAt, closed: props.closed, now });
  const register = userId ? (
    <RegisterStep
      userId={userId}
      eventId={eventId}
      deposit={props.deposit}
      cards={initial.cards}
      failed={view.kind === 'register' && view.failed}
      onRegistered={onRegistered}
    />
  ) : null;
  const endedAt = bidding?.endedAt ?? null;
  const yours = tender ? (
    <p data-testid="your-tender">
      Your tender: <strong>{formatMoney(tender.amount, currency)}</strong>
      {' · '}
      <time dateTime={new Date(tender.updatedAt).toISOString()}>
        {formatDateTime(new Date(tender.updatedAt).toISOString(), props.timeZone)}
      </time>
    </p>
  ) : null;

  return (
    <div className={styles.panel} {...{ [LIVE_LOT_ID]: lotId }} data-testid="tender-box" data-view={view.kind}>
      <p>Sealed tender: submit one amount; nobody, the seller included, sees tenders before the close.</p>
      {view.kind !== 'closed' && endedAt !== null ? (
        <p>
          Closes{' '}
          <time dateTime={new Date(endedAt).toISOString()}>
            {formatDateTime(new Date(endedAt).toISOString(), props.timeZone)}
          </time>
        </p>
      ) : null}
      {view.kind === 'unavailable' ? (
        <p role="alert">This lot could not be loaded. Reload the page to try again.</p>
      ) : null}
      {view.kind === 'closed' ? (
        <>
          <p>{TENDERS_CLOSED_TEXT}</p>
          {yours}
          {view.status ? <BidStatus status={view.status} closed maxBidAmount={null} currency={currency} /> : null}
        </>
      ) : null}
      {view.kind === 'visitor' || view.kind === 'unverified' ? (
        <GateSteps kind={view.kind} steps={props.steps} pagePath={props.pagePath} />
      ) : null}
      {view.kind === 'terms' ? (
        <TermsAgree eventId={eventId} eventName={props.eventName} terms={props.terms} ready={register} />
      ) : null}
      {view.kind === 'register' ? register : null}
      {view.kind === 'pending' || view.kind === 'declined' || view.kind === 'upcoming' ? (
        <RegistrationNotice kind={view.kind} startAt={props.startAt} timeZone={props.timeZone} />
      ) : null}
      {view.kind === 'bid' && bidding ? (
        <>
          {view.status !== 'not-participated' ? (
            <BidStatus status={view.status} closed={false} maxBidAmount={null} currency={currency} />
          ) : null}
          {yours}
          <FormMessages success={notice} />
          <TenderForm
            lotId={lotId}
            currency={currency}
            terms={bidding.terms}
            replacing={tender !== null}
            onStored={onStored}
            onRefused={refresh}
          />
        </>
      ) : null}
    </div>
  );
}
