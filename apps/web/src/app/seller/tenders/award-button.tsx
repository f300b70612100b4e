'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmActions } from '../../../components/dialog/confirm-actions';
import { Dialog } from '../../../components/dialog/dialog';
import { FormMessages } from '../../../components/forms/form-messages';
import { isUnsettled, newIdempotencyKey } from '../../../lib/bidding/bidding-client';
import { postAward } from '../../../lib/tenders/tender-client';

/**
 * "Award" (one tender) or "Award none" on /seller/tenders: a confirmation
 * dialog, then POST …/award with an Idempotency-Key kept while the same
 * confirmation is retried; on success the page is read again.
 */
export function AwardButton({
  lotId,
  tenderId,
  label,
  accessibleName,
  question,
}: {
  lotId: string;
  tenderId: string | null;
  label: string;
  /** What the button does in full ("Award lot 12 to Bidder 3"), for screen readers: each row's "Award" differs. */
  accessibleName: string;
  question: string;
}) {
  const router = useRouter();
  const [key, setKey] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    if (key === null || pending) return;
    setPending(true);
    const result = await postAward(lotId, tenderId, key);
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      // A refusal changed nothing: a new attempt gets a new key; an unanswered one keeps its key.
      if (!isUnsettled(result.status)) setKey(newIdempotencyKey());
      return;
    }
    setKey(null);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className={tenderId === null ? 'button button-secondary' : 'button'}
        aria-label={accessibleName}
        onClick={() => {
          setError(undefined);
          setKey(newIdempotencyKey());
        }}
      >
        {label}
      </button>
      <Dialog open={key !== null} onClose={() => setKey(null)} dismissible={!pending} title={label}>
        <p>{question}</p>
        <p>This cannot be undone; every tenderer is told the outcome by e-mail.</p>
        <FormMessages error={error} />
        <ConfirmActions pending={pending} pendingLabel="Sending…" onConfirm={confirm} onCancel={() => setKey(null)} />
      </Dialog>
    </>
  );
}
