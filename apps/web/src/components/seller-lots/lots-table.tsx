'use client';

import type { SellerLotRow } from '@lotline/contracts';
import { useActionState, useState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { formatMoney } from '../../lib/format/money';
import { lotRowAction } from '../../lib/seller-lots/actions';
import { sellerLotPath } from '../../lib/seller-lots/paths';
import { Dialog, DialogActions } from '../dialog/dialog';
import { FormMessages } from '../forms/form-messages';
import styles from './seller-lots.module.css';

const price = (lot: SellerLotRow) => {
  const amount = lot.type === 'BuyItNowItem' ? lot.buyItNowPrice : lot.startingBid;
  return amount === null ? '—' : formatMoney(amount, lot.currency);
};

/**
 * The console's lot table (issue 16): each row's Edit, Copy, Delete (a draft's
 * only, after a confirmation) and Move up / Move down, as server actions.
 */
export function LotsTable({ eventId, lots, draft }: { eventId: string; lots: SellerLotRow[]; draft: boolean }) {
  const [state, act] = useActionState(lotRowAction, emptyForm);
  const [deleting, setDeleting] = useState<SellerLotRow | null>(null);
  const order = lots.map((l) => l._id);
  const hidden = (lotId: string) => (
    <>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="lotId" value={lotId} />
      {order.map((id) => (
        <input key={id} type="hidden" name="order" value={id} />
      ))}
    </>
  );
  return (
    <>
      <FormMessages error={state.error ?? Object.values(state.fieldErrors)[0]} success={state.success} />
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Price</th>
            <th scope="col">Photos</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot, i) => (
            <tr key={lot._id}>
              <td>{lot.number}</td>
              <td>{lot.name}</td>
              <td>{lot.type}</td>
              <td>{price(lot)}</td>
              <td>{lot.photosCount}</td>
              <td>{lot.status}</td>
              <td>
                <form action={act} className={styles.actions}>
                  {hidden(lot._id)}
                  <a
                    className="button button-secondary"
                    href={sellerLotPath(lot._id)}
                    aria-label={`Edit lot ${lot.number}`}
                  >
                    Edit
                  </a>
                  <button
                    type="submit"
                    name="action"
                    value="copy"
                    className="button button-secondary"
                    aria-label={`Copy lot ${lot.number}`}
                  >
                    Copy
                  </button>
                  {draft ? (
                    <>
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Delete lot ${lot.number}`}
                        onClick={() => setDeleting(lot)}
                      >
                        Delete
                      </button>
                      <button
                        type="submit"
                        name="action"
                        value="up"
                        className="button button-secondary"
                        disabled={i === 0}
                        aria-label={`Move lot ${lot.number} up`}
                      >
                        Move up
                      </button>
                      <button
                        type="submit"
                        name="action"
                        value="down"
                        className="button button-secondary"
                        disabled={i === lots.length - 1}
                        aria-label={`Move lot ${lot.number} down`}
                      >
                        Move down
                      </button>
                    </>
                  ) : null}
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete lot ${deleting?.number ?? ''}?`}
      >
        <p>The lot and its photos are removed from the event. This cannot be undone.</p>
        <form action={act} onSubmit={() => setDeleting(null)}>
          {deleting ? hidden(deleting._id) : null}
          <DialogActions>
            <button type="submit" name="action" value="delete" className="button">
              Delete lot
            </button>
            <button type="button" className="button button-secondary" onClick={() => setDeleting(null)}>
              Cancel
            </button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
