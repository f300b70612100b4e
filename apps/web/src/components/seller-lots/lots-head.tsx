'use client';

import type { SellerLotRow } from '@lotline/contracts';
import { flexRender, type Table } from '@tanstack/react-table';
import styles from './seller-lots.module.css';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROW = { asc: ' ▲', desc: ' ▼' } as const;

/**
 * The table's header: "select all shown", and a real button per sortable
 * column (ascending, descending, the event's order); `aria-sort` says which.
 */
export function LotsHead({ table, draggable }: { table: Table<SellerLotRow>; draggable: boolean }) {
  const all = table.getIsAllRowsSelected();
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header, i) => {
            const sorted = header.column.getIsSorted();
            const title = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <th
                key={header.id}
                scope="col"
                className={i === 0 ? styles.sticky : undefined}
                aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
              >
                {i === 0 ? (
                  <input
                    type="checkbox"
                    className={styles.check}
                    aria-label="Select all shown lots"
                    checked={all}
                    ref={(box) => {
                      if (box) box.indeterminate = table.getIsSomeRowsSelected();
                    }}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                ) : null}
                {header.column.getCanSort() ? (
                  <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                    {title}
                    {sorted ? ARROW[sorted] : null}
                  </button>
                ) : (
                  title
                )}
              </th>
            );
          })}
          <th scope="col">{draggable ? 'Order and actions' : 'Actions'}</th>
        </tr>
      ))}
    </thead>
  );
}
