'use client';

import type { LotDocument } from '@lotline/contracts';
import { DOCUMENT_DESCRIPTION_MAX } from '@lotline/contracts/constants';
import { fileSize } from '../../lib/format/file-size';
import { type OrderAnswer, reorderDocumentsAction } from '../../lib/seller-lots/order-actions';
import forms from '../forms/forms.module.css';
import { SortableList, useSortableItem } from '../seller-console/sortable-list';
import { useSavedOrder } from '../seller-console/use-saved-order';
import styles from './seller-lots.module.css';

/**
 * A lot's documents in their order (decision 0056, as photos: decision 0055):
 * dragged (pointer, or Space, arrows, Space on the handle) and saved at once,
 * put back if refused. Each keeps its server-action form: its description
 * (Save), Move up / down, Remove; they work without JavaScript.
 */
export function DocumentList({
  lotId,
  documents,
  act,
  onMoved,
}: {
  lotId: string;
  documents: LotDocument[];
  act: (form: FormData) => void;
  onMoved: (answer: OrderAnswer) => void;
}) {
  const { items, ids, onMove } = useSavedOrder(documents, (next) => reorderDocumentsAction(lotId, next), onMoved);
  return (
    <SortableList ids={ids} label={(id) => items.find((d) => d._id === id)?.fileName ?? 'the document'} onMove={onMove}>
      <ol className={styles.documents}>
        {items.map((doc, i) => (
          <DocumentItem key={doc._id} lotId={lotId} document={doc} at={i} order={ids} act={act} />
        ))}
      </ol>
    </SortableList>
  );
}

function DocumentItem({
  lotId,
  document,
  at,
  order,
  act,
}: {
  lotId: string;
  document: LotDocument;
  at: number;
  order: string[];
  act: (form: FormData) => void;
}) {
  const { setNodeRef, style, handle } = useSortableItem(document._id);
  const id = `lot-document-${document._id}`;
  const name = document.fileName;
  const move = (direction: 'up' | 'down', disabled: boolean) => (
    <button
      type="submit"
      name="action"
      value={direction}
      className="button button-secondary"
      disabled={disabled}
      aria-label={`Move ${name} ${direction}`}
    >
      {direction === 'up' ? 'Move up' : 'Move down'}
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} className={styles.document}>
      <span>
        <a href={document.url}>{name}</a> ({fileSize(document.size)})
      </span>
      <form action={act} className={forms.form}>
        <input type="hidden" name="lotId" value={lotId} />
        <input type="hidden" name="documentId" value={document._id} />
        {order.map((documentId) => (
          <input key={documentId} type="hidden" name="order" value={documentId} />
        ))}
        <div className={forms.field}>
          <label htmlFor={id} className={forms.label}>
            Description of document {at + 1}
          </label>
          <input
            id={id}
            name="description"
            type="text"
            maxLength={DOCUMENT_DESCRIPTION_MAX}
            defaultValue={document.description}
            className={forms.input}
          />
        </div>
        {/* Save first: Enter in the description submits the form's first button. */}
        <div className={styles.actions}>
          <button type="submit" name="action" value="save" className="button button-secondary">
            Save description
          </button>
          <button
            type="button"
            className={`button button-secondary ${styles.handle}`}
            aria-label={`Drag ${name}`}
            {...handle}
          >
            ⠿ Drag
          </button>
          {move('up', at === 0)}
          {move('down', at === order.length - 1)}
          <button
            type="submit"
            name="action"
            value="remove"
            className="button button-secondary"
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
        </div>
      </form>
    </li>
  );
}
