import type { SellerLotRow } from '@lotline/contracts';
import { createTable, getCoreRowModel, getFilteredRowModel, getSortedRowModel } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { LOT_COLUMNS, lotText, priceOf } from './lots-columns';

const lot = (number: string, name: string, over: Partial<SellerLotRow> = {}): SellerLotRow => ({
  _id: `lot-${number}`,
  eventId: 'ev',
  number,
  name,
  type: 'AuctionLot',
  status: 'Pending',
  sequence: 0,
  quantity: 1,
  currency: 'USD',
  startingBid: null,
  buyItNowPrice: null,
  reserveBid: null,
  categoryName: null,
  photosCount: 0,
  bidsCount: 0,
  locationId: null,
  ...over,
});

const LOTS = [
  lot('10', 'Pump', { startingBid: 500 }),
  lot('2', 'compressor', { startingBid: 90_000 }),
  lot('1', 'Anvil', { type: 'BuyItNowItem', buyItNowPrice: 1_000, startingBid: 5 }),
];

/** The table's rows in view order, as numbers, for a given sorting and filter state. */
function view(state: { sorting?: { id: string; desc: boolean }[]; globalFilter?: string }) {
  const table = createTable<SellerLotRow>({
    data: LOTS,
    columns: LOT_COLUMNS,
    state: { sorting: [], columnFilters: [], globalFilter: '', columnPinning: {}, ...state },
    onStateChange: () => {},
    renderFallbackValue: null,
    globalFilterFn: lotText,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return table.getRowModel().rows.map((r) => r.original.number);
}

describe('the lot table', () => {
  it('sorts numbers as numbers and names without regard to case', () => {
    expect(view({ sorting: [{ id: 'number', desc: false }] })).toEqual(['1', '2', '10']);
    expect(view({ sorting: [{ id: 'name', desc: false }] })).toEqual(['1', '2', '10']);
    expect(view({ sorting: [{ id: 'name', desc: true }] })).toEqual(['10', '2', '1']);
  });

  it('sorts by the price a lot is offered at: a buy-it-now price, else the starting bid', () => {
    expect(priceOf(LOTS[2] as SellerLotRow)).toBe(1_000);
    expect(view({ sorting: [{ id: 'price', desc: false }] })).toEqual(['10', '1', '2']);
  });

  it('filters by number or name, in any case', () => {
    expect(view({ globalFilter: 'COMP' })).toEqual(['2']);
    expect(view({ globalFilter: '10' })).toEqual(['10']);
    expect(view({ globalFilter: 'nothing like it' })).toEqual([]);
    expect(view({ globalFilter: '' })).toEqual(['10', '2', '1']);
  });
});
