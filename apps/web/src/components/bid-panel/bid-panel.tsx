'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchBidding, fetchBidHistory } from '../../lib/bidding/bidding-client';
import { coalesce, differsFromShown, LIVE_LOT_ID, useLotChanges } from '../../lib/bidding/live-changes';
import { type BidPanelData, type GateKind, panelView } from '../../lib/bidding/panel-state';
import type { PlacedBid, Registration } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import type { MissingStep } from '../../lib/messaging/missing-steps';
import { formatDateTime } from '../../lib/time/format-date';
import { FormMessages } from '../forms/form-messages';
import { type LotTerm, TermsAgree } from '../lot-detail/terms-agree';
import { BidForm } from './bid-form';
import { BidHistoryList } from './bid-history';
import styles from './bid-panel.module.css';
import { BidStatus } from './bid-status';
import { ClosedOutcome, GateSteps, RegistrationNotice } from './panel-notes';
import { RegisterStep } from './register-step';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** More rows per "Show more bids". */
const HISTORY_STEP = 20;

export interface BidPanelProps {
  lotId: string;
  eventId: string;
  eventName: string;
  userId: string | null;
  pagePath: string;
  timeZone: string;
  gate: GateKind;
  steps: MissingStep[];
  terms: LotTerm[];
  /** The event's bid deposit; null for none, undefined when the event could not be read. */
  deposit: { amount: number; currency: string } | null | undefined;
  startAt: number | null;
  /** The lot page's reading that the lot is closed (its status), for when the bidding state is missing. */
  closed: boolean;
  initial: BidPanelData;
  historySize: number;
}

/**
 * The lot page's bid panel (decision 0040). Rendered on the server from the
 * page's reads, then kept live: whenever the stream reports a change of this
 * lot (`lotline:lot-change`) that differs from what it shows, and when the
 * lot's end passes, it reads GET bidding and the history again, so an outbid
 * bidder sees "Outbid", the new minimum and the extended end without a reload.
 */
export function BidPanel(props: BidPanelProps) {
  const { lotId, eventId, userId, initial } = props;
  const [bidding, setBidding] = useState(initial.bidding);
  const [history, setHistory] = useState(initial.history);
  const [registration, setRegistration] = useState(initial.registration);
  const [gate, setGate] = useState(props.gate);
  const [now, setNow] = useState(initial.bidding?.serverTime ?? 0);
  const [notice, setNotice] = useState<string>();
  const [historySize, setHistorySize] = useState(props.historySize);
  const [loadingMore, setLoadingMore] = useState(false);
  const sizeRef = useRef(historySize);
  sizeRef.current = historySize;
  // The server's clock minus the browser's, from the last answer (a browser's clock is never trusted).
  const offset = useRef(0);

  const refresh = useMemo(
    () =>
      coalesce(async () => {
        const [b, h] = await Promise.all([fetchBidding(lotId), fetchBidHistory(lotId, sizeRef.current)]);
        if (b.ok) {
          offset.current = b.data.serverTime - Date.now();
          setBidding(b.data);
          setNow(b.data.serverTime);
        }
        if (h.ok) setHistory(h.data);
      }),
    [lotId],
  );
  const shown = useRef(bidding);
  shown.current = bidding;
  useLotChanges(lotId, (reported) => {
    if (differsFromShown(shown.current, reported)) refresh();
  });

  useEffect(() => {
    if (initial.bidding) offset.current = initial.bidding.serverTime - Date.now();
  }, [initial.bidding]);

  // When the start or the (effective) end passes, the view changes: one timer for the next of them.
  // Only with a bidding state: without one there is no server time to count from.
  const endedAt = bidding?.endedAt ?? null;
  const known = bidding !== null;
  useEffect(() => {
    if (!known) return;
    const next = [props.startAt, endedAt].filter((t): t is number => t !== null && t > now).sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const id = window.setTimeout(
      () => {
        const current = Date.now() + offset.current;
        setNow(current);
        if (current >= next) refresh();
      },
      // A timeout longer than 2^31 - 1 ms fires at once: a far end is approached in steps.
      Math.min(next - (Date.now() + offset.current), MAX_TIMEOUT_MS),
    );
    return () => window.clearTimeout(id);
  }, [known, props.startAt, endedAt, now, refresh]);

  const onRegistered = useCallback(
    (answer: Registration) => {
      setRegistration(answer);
      setGate('ready');
      refresh();
    },
    [refresh],
  );
  const onPlaced = useCallback(
    (placed: PlacedBid) => {
      // The lot as this bid left it; the person's own part kept if the answer leaves it out.
      setBidding((before) => ({ ...placed.lot, you: placed.lot.you ?? before?.you }));
      setNotice(`Your bid of ${formatMoney(placed.bid.amount, placed.lot.currency)} is placed.`);
      refresh();
    },
    [refresh],
  );
  async function showMore() {
    setLoadingMore(true);
    const size = historySize + HISTORY_STEP;
    const answer = await fetchBidHistory(lotId, size);
    setLoadingMore(false);
    if (answer.ok) {
      setHistorySize(size);
      setHistory(answer.data);
    }
  }

  const view = panelView({ gate, bidding, registration, startAt: props.startAt, closed: props.closed, now });
  const register = userId ? (
    <RegisterStep
      userId={userId}
      eventId={eventId}
      deposit={props.deposit}
      cards={initial.cards}
      failed={view.kind === 'register' && view.failed}
      terms={bidding ? { terms: bidding.terms, currency: bidding.currency } : undefined}
      onRegistered={onRegistered}
    />
  ) : null;
  const currency = bidding?.currency ?? 'USD';

  return (
    <div className={styles.panel} {...{ [LIVE_LOT_ID]: lotId }} data-testid="bid-panel" data-view={view.kind}>
      {bidding && view.kind !== 'closed' && endedAt !== null ? (
        <p>
          Closes{' '}
          <time dateTime={new Date(endedAt).toISOString()}>
            {formatDateTime(new Date(endedAt).toISOString(), props.timeZone)}
          </time>
          {bidding.currentBid ? (
            <>
              {' '}
              · Current bid <strong>{formatMoney(bidding.currentBid.amount, currency)}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      {view.kind === 'unavailable' ? (
        <p role="alert">Bidding on this lot could not be loaded. Reload the page to try again.</p>
      ) : null}
      {view.kind === 'closed' ? <ClosedOutcome bidding={bidding} status={view.status} /> : null}
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
            <BidStatus status={view.status} closed={false} maxBidAmount={view.standingMax} currency={currency} />
          ) : null}
          {registration?.bidLimit ? (
            <p>
              Your bid limit for this event: {formatMoney(registration.bidLimit.amount, registration.bidLimit.currency)}
            </p>
          ) : null}
          {/* Once outbid, "your bid is placed" is old news. */}
          <FormMessages success={view.status === 'outbid' ? undefined : notice} />
          <BidForm
            lotId={lotId}
            mode={view.mode}
            currency={currency}
            minimumBid={bidding.minimumBid}
            standingMax={view.standingMax}
            presets={bidding.presets}
            terms={bidding.terms}
            onPlaced={onPlaced}
            onRefused={refresh}
          />
        </>
      ) : null}
      {bidding ? (
        <BidHistoryList
          history={history}
          currency={currency}
          timeZone={props.timeZone}
          loadingMore={loadingMore}
          onMore={showMore}
        />
      ) : null}
    </div>
  );
}
