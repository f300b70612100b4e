'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useState } from 'react';
import { ConfirmActions } from '../../../components/dialog/confirm-actions';
import { Dialog } from '../../../components/dialog/dialog';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { setCommissionAction, setCompanyStatusAction } from '../../../lib/staff/company-actions';

const QUESTIONS = {
  suspend: (name: string) =>
    `Suspend ${name}? Its published events become view-only (no registering, bidding, buying, offers or tenders), its console becomes read-only, and its owners are e-mailed.`,
  reactivate: (name: string) =>
    `Reactivate ${name}? Its events open again for business, its console works again, and its owners are e-mailed.`,
};

/** "Suspend" or "Reactivate", after a confirmation dialog; the page is read again after. */
export function StatusButton({ companyId, name, suspended }: { companyId: string; name: string; suspended: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const verb = suspended ? 'Reactivate' : 'Suspend';
  const title = `${verb} ${name}`;

  async function confirm() {
    if (pending) return;
    setPending(true);
    const result = await setCompanyStatusAction({ companyId, status: suspended ? 'active' : 'suspended' });
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
        aria-label={title}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        {verb}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} dismissible={!pending} title={title}>
        <p>{suspended ? QUESTIONS.reactivate(name) : QUESTIONS.suspend(name)}</p>
        <FormMessages error={error} />
        <ConfirmActions
          pending={pending}
          pendingLabel={suspended ? 'Reactivating…' : 'Suspending…'}
          onConfirm={confirm}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** The company's commission in basis points; empty saves the marketplace default. */
export function CommissionForm({
  companyId,
  name,
  commissionBps,
}: {
  companyId: string;
  name: string;
  commissionBps: number | null;
}) {
  const [state, action] = useActionState(setCommissionAction, emptyForm);
  const id = `commission-${companyId}`;
  return (
    <form action={action}>
      <input type="hidden" name="companyId" value={companyId} />
      <label htmlFor={id} className="visually-hidden">
        Commission of {name} in basis points (empty: the marketplace default)
      </label>
      <input
        id={id}
        name="commissionBps"
        className={forms.input}
        inputMode="numeric"
        pattern="[0-9]*"
        placeholder="Default"
        defaultValue={state.values.commissionBps ?? (commissionBps === null ? '' : String(commissionBps))}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        100 basis points are 1%; at most 10000.
      </span>
      <SubmitButton pendingLabel="Saving…" label={`Save the commission of ${name}`}>
        Save
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
