'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmActions } from '../../../components/dialog/confirm-actions';
import { Dialog } from '../../../components/dialog/dialog';
import { FormMessages } from '../../../components/forms/form-messages';
import { removeFromCompanyAction } from '../../../lib/seller-company/company-actions';

/** "Remove" a member or "Revoke" an invitation, after a confirmation dialog; the page is read again after. */
export function RemoveButton({
  companyId,
  kind,
  id,
  label,
  accessibleName,
  question,
}: {
  companyId: string;
  kind: 'member' | 'invitation';
  id: string;
  label: string;
  /** The full action ("Remove Stan Staff"), since every row has a button of the same text. */
  accessibleName: string;
  question: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    if (pending) return;
    setPending(true);
    const result = await removeFromCompanyAction({ companyId, kind, id });
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setOpen(false);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-label={accessibleName}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        {label}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} dismissible={!pending} title={accessibleName}>
        <p>{question}</p>
        <FormMessages error={error} />
        <ConfirmActions
          pending={pending}
          pendingLabel="Removing…"
          onConfirm={confirm}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
