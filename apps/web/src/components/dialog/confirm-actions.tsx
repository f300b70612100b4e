import { DialogActions } from './dialog';

/**
 * A confirmation dialog's Confirm and Cancel while a money-moving request may
 * be on its way: both stay focusable but inert (aria-disabled) while pending,
 * so the attempt and its Idempotency-Key survive until the answer.
 */
export function ConfirmActions({
  pending,
  pendingLabel,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  pendingLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <DialogActions>
      <button type="button" className="button" onClick={onConfirm} aria-disabled={pending}>
        {pending ? pendingLabel : 'Confirm'}
      </button>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => pending || onCancel()}
        aria-disabled={pending}
      >
        Cancel
      </button>
    </DialogActions>
  );
}
