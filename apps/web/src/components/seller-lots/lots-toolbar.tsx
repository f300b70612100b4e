'use client';

import type { SellerLotRow } from '@lotline/contracts';
import { EVENT_LOT_STATUSES } from '@lotline/contracts/enums';
import { useState, useTransition } from 'react';
import { bulkLotsAction, type OrderAnswer } from '../../lib/seller-lots/order-actions';
import { Dialog, DialogActions } from '../dialog/dialog';
import forms from '../forms/forms.module.css';
import styles from './seller-lots.module.css';

/**
 * The table's filters (text, status) and bulk actions on the selected rows:
 * "Copy selected", and "Delete selected" (a draft's lots only) after a
 * confirmation dialog that names the lots and takes the focus.
 */
export function LotsToolbar({
  eventId,
  draft,
  text,
  status,
  onText,
  onStatus,
  selected,
  onDone,
}: {
  eventId: string;
  draft: boolean;
  text: string;
  status: string;
  onText: (text: string) => void;
  onStatus: (status: string) => void;
  selected: SellerLotRow[];
  onDone: (answer: OrderAnswer) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const run = (action: 'copy' | 'delete') =>
    startTransition(async () => {
      const answer = await bulkLotsAction(
        eventId,
        action,
        selected.map((l) => l._id),
      );
      setConfirming(false);
      onDone(answer);
    });
  const none = selected.length === 0 || pending;
  return (
    <div className={styles.toolbar}>
      <div className={forms.field}>
        <label htmlFor="lots-filter" className={forms.label}>
          Filter lots
        </label>
        <input
          id="lots-filter"
          type="search"
          className={forms.input}
          value={text}
          placeholder="Number or name"
          onChange={(e) => onText(e.target.value)}
        />
      </div>
      <div className={forms.field}>
        <label htmlFor="lots-status" className={forms.label}>
          Status
        </label>
        <select id="lots-status" className={forms.input} value={status} onChange={(e) => onStatus(e.target.value)}>
          <option value="">Any status</option>
          {EVENT_LOT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" disabled={none} onClick={() => run('copy')}>
          Copy selected ({selected.length})
        </button>
        {draft ? (
          <button type="button" className="button button-secondary" disabled={none} onClick={() => setConfirming(true)}>
            Delete selected ({selected.length})
          </button>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${selected.length} lot${selected.length === 1 ? '' : 's'}?`}
        dismissible={!pending}
      >
        <p>
          Lots {selected.map((l) => l.number).join(', ')} and their photos are removed from the event. This cannot be
          undone.
        </p>
        <DialogActions>
          <button type="button" className="button" disabled={pending} onClick={() => run('delete')}>
            {pending ? 'Deleting…' : 'Delete the selected lots'}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
