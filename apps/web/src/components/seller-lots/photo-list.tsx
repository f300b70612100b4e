'use client';

import { rectSortingStrategy } from '@dnd-kit/sortable';
import type { SellerLotPhoto } from '@lotline/contracts';
import { type OrderAnswer, reorderPhotosAction } from '../../lib/seller-lots/order-actions';
import { SortableList, useSortableItem } from '../seller-console/sortable-list';
import { useSavedOrder } from '../seller-console/use-saved-order';
import styles from './seller-lots.module.css';

/**
 * A lot's photos in their order (decision 0055): dragged (pointer, or Space,
 * arrows, Space on the handle) and saved at once, put back if refused. Each
 * keeps its server-action buttons: "Make first photo", Move up / down, Remove.
 */
export function PhotoList({
  lotId,
  photos,
  act,
  onMoved,
}: {
  lotId: string;
  photos: SellerLotPhoto[];
  act: (form: FormData) => void;
  onMoved: (answer: OrderAnswer) => void;
}) {
  const { items, ids, onMove } = useSavedOrder(photos, (next) => reorderPhotosAction(lotId, next), onMoved);
  return (
    <SortableList
      ids={ids}
      label={(id) => `photo ${photos.findIndex((p) => p._id === id) + 1}`}
      onMove={onMove}
      strategy={rectSortingStrategy}
    >
      <ol className={styles.photos}>
        {items.map((photo, i) => (
          <PhotoItem key={photo._id} lotId={lotId} photo={photo} at={i} order={ids} act={act} />
        ))}
      </ol>
    </SortableList>
  );
}

function PhotoItem({
  lotId,
  photo,
  at,
  order,
  act,
}: {
  lotId: string;
  photo: SellerLotPhoto;
  at: number;
  order: string[];
  act: (form: FormData) => void;
}) {
  const { setNodeRef, style, handle } = useSortableItem(photo._id);
  const n = at + 1;
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
    <li ref={setNodeRef} style={style} className={styles.photo}>
      {/* biome-ignore lint/performance/noImgElement: the console shows the stored file as is. */}
      <img src={photo.url} alt={`${n} of ${order.length}${at === 0 ? ', shown on the card' : ''}`} />
      <form action={act} className={styles.actions}>
        <input type="hidden" name="lotId" value={lotId} />
        <input type="hidden" name="photoId" value={photo._id} />
        {order.map((id) => (
          <input key={id} type="hidden" name="order" value={id} />
        ))}
        <button
          type="button"
          className={`button button-secondary ${styles.handle}`}
          aria-label={`Drag photo ${n}`}
          {...handle}
        >
          ⠿ Drag
        </button>
        {at > 0 ? button('first', 'Make first photo', `Make photo ${n} the first photo`) : null}
        {button('up', 'Move up', `Move photo ${n} up`, at === 0)}
        {button('down', 'Move down', `Move photo ${n} down`, at === order.length - 1)}
        {button('remove', 'Remove', `Remove photo ${n}`)}
      </form>
    </li>
  );
}
