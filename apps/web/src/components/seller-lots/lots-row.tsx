'use client';

import type { SellerLotRow } from '@lotline/contracts';
import type { Row } from '@tanstack/react-table';
import { useState } from 'react';
import { sellerLotPath } from '../../lib/seller-lots/paths';
import { Dialog, DialogActions } from '../dialog/dialog';
import { useSortableItem } from '../seller-console/sortable-list';
import { priceText } from './lots-columns';
import styles from './seller-lots.module.css';

/**
 * One lot's row: its checkbox and number (the sticky first column on a
 * phone), its cells, and its actions: the drag handle (when the table shows
 * the event's order), Edit, Copy, Delete (after a confirmation), Move up / down.
 */
export function LotRow({
  row,
  eventId,
  order,
  draft,
  orderable,
  draggable,
  act,
}: {
  row: Row<SellerLotRow>;
  eventId: string;
  order: string[];
  draft: boolean;
  /** Every lot of the event is on the page, so a move can send their whole order. */
  orderable: boolean;
  draggable: boolean;
  act: (form: FormData) => void;
}) {
  const lot = row.original;
  const at = order.indexOf(lot._id);
  const { setNodeRef, style, handle } = useSortableItem(lot._id, !draggable);
  const [deleting, setDeleting] = useState(false);
  const hidden = (
    <>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="lotId" value={lot._id} />
      {order.map((id) => (
        <input key={id} type="hidden" name="order" value={id} />
      ))}
    </>
  );
  const button = (action: string, text: string, label: string, disabled = false) => (
    <button
      type="submit"
      name="action"
      value={action}
      className="button button-secondary"
      disabled={disabled}
      aria-label={label}
    >
      {text}
    </button>
  );
  return (
    <tr ref={setNodeRef} style={style}>
      <th scope="row" className={styles.sticky}>
        <input
          type="checkbox"
          className={styles.check}
          aria-label={`Select lot ${lot.number}`}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
        {lot.number}
      </th>
      <td>{lot.name}</td>
      <td>{lot.type}</td>
      <td>{priceText(lot)}</td>
      <td>{lot.photosCount}</td>
      <td>{lot.status}</td>
      <td>
        <form action={act} className={styles.actions}>
          {hidden}
          {draggable ? (
            <button
              type="button"
              className={`button button-secondary ${styles.handle}`}
              aria-label={`Drag lot ${lot.number}`}
              {...handle}
            >
              ⠿ Drag
            </button>
          ) : null}
          <a className="button button-secondary" href={sellerLotPath(lot._id)} aria-label={`Edit lot ${lot.number}`}>
            Edit
          </a>
          {button('copy', 'Copy', `Copy lot ${lot.number}`)}
          {draft ? (
            <>
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Delete lot ${lot.number}`}
                onClick={() => setDeleting(true)}
              >
                Delete
              </button>
              {orderable ? (
                <>
                  {button('up', 'Move up', `Move lot ${lot.number} up`, at <= 0)}
                  {button('down', 'Move down', `Move lot ${lot.number} down`, at === order.length - 1)}
                </>
              ) : null}
            </>
          ) : null}
        </form>
        <Dialog open={deleting} onClose={() => setDeleting(false)} title={`Delete lot ${lot.number}?`}>
          <p>The lot and its photos are removed from the event. This cannot be undone.</p>
          <form action={act} onSubmit={() => setDeleting(false)}>
            {hidden}
            <DialogActions>
              <button type="submit" name="action" value="delete" className="button">
                Delete lot
              </button>
              <button type="button" className="button button-secondary" onClick={() => setDeleting(false)}>
                Cancel
              </button>
            </DialogActions>
          </form>
        </Dialog>
      </td>
    </tr>
  );
}
