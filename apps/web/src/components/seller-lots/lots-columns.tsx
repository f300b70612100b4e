import type { SellerLotRow } from '@lotline/contracts';
import { type ColumnDef, createColumnHelper, type FilterFn } from '@tanstack/react-table';
import { formatMoney } from '../../lib/format/money';

/** The price the table shows and sorts by: a buy-it-now item's price, else the starting bid. */
export const priceOf = (lot: SellerLotRow) => (lot.type === 'BuyItNowItem' ? lot.buyItNowPrice : lot.startingBid);

export const priceText = (lot: SellerLotRow) => {
  const amount = priceOf(lot);
  return amount === null ? '—' : formatMoney(amount, lot.currency);
};

/** The text filter: a lot whose number or name contains the words typed, in any case. */
export const lotText: FilterFn<SellerLotRow> = (row, _columnId, value) => {
  const wanted = String(value ?? '')
    .trim()
    .toLowerCase();
  return wanted === '' || `${row.original.number} ${row.original.name}`.toLowerCase().includes(wanted);
};

const column = createColumnHelper<SellerLotRow>();

/** The columns (TanStack Table, headless: the markup is ours). Number sorts as "2" before "10". */
export const LOT_COLUMNS: ColumnDef<SellerLotRow, unknown>[] = [
  column.accessor('number', { header: 'Number', sortingFn: 'alphanumeric' }),
  column.accessor('name', { header: 'Name', sortingFn: 'text' }),
  column.accessor('type', { header: 'Type', enableSorting: false }),
  column.accessor((lot) => priceOf(lot) ?? -1, { id: 'price', header: 'Price', sortingFn: 'basic' }),
  column.accessor('photosCount', { header: 'Photos', enableSorting: false }),
  column.accessor('status', { header: 'Status', filterFn: 'equals' }),
] as ColumnDef<SellerLotRow, unknown>[];
