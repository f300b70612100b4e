'use client';

import type { SellerLotRow } from '@lotline/contracts';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import { useActionState, useMemo, useState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { lotRowAction } from '../../lib/seller-lots/actions';
import { reorderLotsAction } from '../../lib/seller-lots/order-actions';
import { FormMessages } from '../forms/form-messages';
import { SortableList } from '../seller-console/sortable-list';
import { useSavedOrder } from '../seller-console/use-saved-order';
import { LOT_COLUMNS, lotText } from './lots-columns';
import { LotsHead } from './lots-head';
import { LotRow } from './lots-row';
import { LotsToolbar } from './lots-toolbar';
import styles from './seller-lots.module.css';

/**
 * The console's lot table (issue 16; decisions 0050, 0055): TanStack Table
 * sorts (number, name, price, status), filters (text, status) and selects rows
 * for the bulk actions; in the event's own order a draft's rows are dragged
 * (@dnd-kit: pointer or Space, arrows, Space), saved at once and put back if
 * refused. Each row keeps its server-action buttons (Edit, Copy, Delete,
 * Move up / down), which work without JavaScript.
 */
export function LotsTable({
  eventId,
  lots,
  total,
  draft,
}: {
  eventId: string;
  lots: SellerLotRow[];
  /** How many lots the event has: more than `lots` when the page could not load them all. */
  total: number;
  draft: boolean;
}) {
  const router = useRouter();
  const [state, act] = useActionState(lotRowAction, emptyForm);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [moved, setMoved] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    items: rows,
    ids,
    onMove,
  } = useSavedOrder(
    lots,
    (next) => reorderLotsAction(eventId, next),
    (answer) => {
      setMoved(answer);
      if (answer.ok) router.refresh();
    },
  );
  // A row button's answer replaces a drag's or a bulk action's.
  const actAfterDrag = (form: FormData) => {
    setMoved(null);
    act(form);
  };

  // The table's state must keep its identity between renders: TanStack Table recomputes its row models when
  // a piece of it is a new object, and each recomputation queues a page reset (a state change, so another
  // render). A new `[]` on every render looped forever in microtasks, freezing the page after a drop.
  const columnFilters = useMemo(() => (status ? [{ id: 'status', value: status }] : []), [status]);
  const table = useReactTable({
    data: rows,
    columns: LOT_COLUMNS,
    state: { sorting, globalFilter: text, columnFilters, rowSelection: selection },
    // No pages here: nothing to reset when the rows change.
    autoResetPageIndex: false,
    getRowId: (lot) => lot._id,
    onSortingChange: setSorting,
    onRowSelectionChange: setSelection,
    globalFilterFn: lotText,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  // Dragging means "this is the event's order": only when the table shows all of it, unsorted.
  // A new order names every lot of the event: not possible while some are not on the page.
  const orderable = draft && lots.length >= total;
  const draggable = orderable && sorting.length === 0 && text === '' && status === '';
  const numberOf = (id: string) => rows.find((l) => l._id === id)?.number ?? '';

  const shown = table.getRowModel().rows;
  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  return (
    <>
      <FormMessages
        error={moved && !moved.ok ? moved.message : (state.error ?? Object.values(state.fieldErrors)[0])}
        success={moved?.ok ? moved.message : state.success}
      />
      <LotsToolbar
        eventId={eventId}
        draft={draft}
        text={text}
        status={status}
        onText={setText}
        onStatus={setStatus}
        selected={selected}
        onDone={(answer) => {
          setMoved(answer);
          setSelection({});
          router.refresh();
        }}
      />
      <p className={styles.locked} id="lots-drag-hint">
        {!orderable && lots.length < total
          ? `The first ${lots.length} of ${total} lots are shown; reordering needs every lot on one page, so it is off for this event.`
          : draft
            ? draggable
              ? 'Drag a lot by its handle, or focus the handle and press Space, the arrow keys, then Space, to reorder.'
              : 'Clear the sorting and filters to reorder the lots by dragging.'
            : `${shown.length} of ${rows.length} lots shown.`}
      </p>
      <div className={styles.scroller}>
        <table className={styles.table}>
          <LotsHead table={table} draggable={draggable} />
          <tbody>
            <SortableList ids={ids} label={(id) => `lot ${numberOf(id)}`} onMove={onMove}>
              {shown.map((row) => (
                <LotRow
                  key={row.id}
                  row={row}
                  eventId={eventId}
                  order={ids}
                  draft={draft}
                  orderable={orderable}
                  draggable={draggable}
                  act={actAfterDrag}
                />
              ))}
            </SortableList>
          </tbody>
        </table>
      </div>
    </>
  );
}
