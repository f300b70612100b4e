import type { ReactNode } from 'react';
import type { MissingStep } from '../../lib/messaging/missing-steps';
import { SIGN_UP_PATH, signInHref } from '../../lib/routes';
import type { ContactGate } from '../contact-seller/contact-seller';
import styles from './lot-detail.module.css';
import { type LotTerm, TermsAgree } from './terms-agree';

/** Buy-now items and tenders: said once the person has done everything they can before those are built (issue 15). */
export const READY_TEXT =
  'You’re all set for this lot: your account is verified and you agreed to the bidder terms. Purchases, offers and tenders are not taken online yet; they open here soon.';
export const CLOSED_TEXT = 'This lot is no longer open for bids or offers.';

/**
 * What a member of the selling company reads instead of every action on its
 * own lot (decision 0067): the API refuses them all (`403 OWN_LOT`).
 */
export function ownLotText(type: string): string {
  if (type === 'TenderLot') return 'You sell this lot, so you cannot tender on it.';
  if (type === 'BuyItNowItem') return 'You sell this lot, so you cannot buy it or make an offer on it.';
  return 'You sell this lot, so you cannot bid on it.';
}

/**
 * What this person can do about the lot now (issue 6): a visitor signs in or
 * signs up; a user who is not verified sees exactly the missing steps, each a
 * link to its place on the account page; a verified user agrees to the
 * event's bidder terms; then a plain statement. A closed lot says so. An
 * event's auction lot shows the bid panel instead (components/bid-panel).
 */
export function LotActions({
  gate,
  closed,
  pagePath,
  event,
  terms,
  bidPanel,
  ownLot = null,
  title = 'Bidding',
}: {
  gate: ContactGate;
  closed: boolean;
  pagePath: string;
  event: { _id: string; name: string } | null;
  terms: LotTerm[];
  /** An auction lot's bid panel (issue 14), which then decides everything the box shows. */
  bidPanel?: ReactNode;
  /** The viewer's company sells the lot: this text (`ownLotText`) replaces every action. */
  ownLot?: string | null;
  /** The box's heading: "Buy now" around a buy-now item's buy box. */
  title?: string;
}) {
  return (
    <section className={styles.actions} aria-labelledby="lot-actions-title" data-testid="lot-actions">
      <h2 id="lot-actions-title" className={styles.sideTitle}>
        {title}
      </h2>
      {ownLot ? (
        <p>{ownLot}</p>
      ) : (
        (bidPanel ?? <OpenOrClosed gate={gate} closed={closed} pagePath={pagePath} event={event} terms={terms} />)
      )}
    </section>
  );
}

function OpenOrClosed(props: {
  gate: ContactGate;
  closed: boolean;
  pagePath: string;
  event: { _id: string; name: string } | null;
  terms: LotTerm[];
}) {
  const { closed, ...open } = props;
  return closed ? <p>{CLOSED_TEXT}</p> : <OpenLotActions {...open} />;
}

function OpenLotActions({
  gate,
  pagePath,
  event,
  terms,
}: {
  gate: ContactGate;
  pagePath: string;
  event: { _id: string; name: string } | null;
  terms: LotTerm[];
}) {
  switch (gate.kind) {
    case 'visitor':
      return (
        <SignInActions
          text="Sign in to watch this lot and get ready to bid. New to Lotline? Create an account."
          signInLabel="Sign in"
          pagePath={pagePath}
        />
      );
    case 'unverified':
      return <StepsToBid steps={gate.steps} />;
    case 'terms':
      return (
        <TermsAgree
          eventId={event?._id ?? null}
          eventName={event?.name ?? null}
          terms={terms}
          ready={<p>{READY_TEXT}</p>}
        />
      );
    case 'ready':
      return <p>{READY_TEXT}</p>;
  }
}

/** A visitor's way on: sign in (back to this page) or create an account. */
export function SignInActions({
  text,
  signInLabel,
  pagePath,
}: {
  text: string;
  signInLabel: string;
  pagePath: string;
}) {
  return (
    <>
      <p>{text}</p>
      <p className={styles.actionLinks}>
        <a className="button" href={signInHref(pagePath)}>
          {signInLabel}
        </a>
        <a className="button button-secondary" href={SIGN_UP_PATH}>
          Create an account
        </a>
      </p>
    </>
  );
}

/** A user who is not verified: exactly the missing steps, each a link to its place on the account page. */
export function StepsToBid({ steps }: { steps: MissingStep[] }) {
  return (
    <>
      <p>To bid, complete these steps on your account page:</p>
      <ul className={styles.steps} aria-label="Steps to complete">
        {steps.map((step) => (
          <li key={step.label}>
            <a href={step.href}>{step.label}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
