import type { GeoDistance, SearchSaleFormat, SearchSort, SearchStatus } from '@lotline/contracts';
import {
  ENDING_DATES,
  GEO_DISTANCES,
  LOT_NUMBER_PREFIX,
  SEARCH_SALE_FORMATS,
  SEARCH_SORTS,
  SEARCH_STATUSES,
} from '@lotline/contracts/constants';
import { endingDateApplies } from '@lotline/domain';
import { DEFAULT_PAGE_SIZE, type PageSize, parsePageParams } from './page-params';
import { firstValue, type RawSearchParams } from './search-params';

/**
 * The browse page's whole state, read from and written to its URL (spec §2
 * query parameters, §4 filter interactions). Pure: the pages, the filter
 * panel, the drawer and the tests all go through `applyChange`, so every rule
 * lives in one place.
 */

export type BrowseKind = 'assets' | 'events';
export type EndingDate = Exclude<(typeof ENDING_DATES)[number], 'all'>;
export type SaleFormat = Exclude<SearchSaleFormat, 'all'>;
export type BrowseView = 'grid' | 'list';
export const DEFAULT_DISTANCE: GeoDistance = '1000mi';

export interface BrowseState {
  /** From the route: /marketplace/events is `events`, the lots routes `assets`. */
  browse: BrowseKind;
  saleFormat?: SaleFormat;
  status?: SearchStatus;
  sort?: SearchSort;
  endingDate?: EndingDate;
  keyword?: string;
  page: number;
  pageSize: PageSize;
  productCategory?: string;
  manufacturer: string[];
  geoDistance?: GeoDistance;
  geoLat?: number;
  geoLon?: number;
  /** Grid is the default; `view=list` in the URL. */
  view: BrowseView;
  /**
   * Assets-only mode: the page is /marketplace/lots/{categorySlug}, the
   * category lives in the path (not `product-category`) and the Events tab is
   * hidden, since events have no category.
   */
  categoryInPath?: boolean;
  /**
   * Event scope: the browse runs on an event page (its path), over that
   * event's lots only; there is no Events tab and `browse` is always assets.
   */
  event?: EventScope;
}

export interface EventScope {
  eventId: string;
  /** The event page's canonical path, where every browse link of the scope points. */
  path: string;
  /** A tender event: its lots are sealed bids in catalogue order, so no ending-soon or recent sort (spec §4). */
  tender?: boolean;
}

export interface Coordinates {
  lat: number;
  lon: number;
}

export type TabId = 'all' | SaleFormat | 'events';

export type BrowseChange =
  | { kind: 'tab'; tab: TabId }
  | { kind: 'sale-format'; value: SaleFormat | undefined }
  | { kind: 'status'; value: SearchStatus | undefined }
  | { kind: 'ending-date'; value: EndingDate | undefined }
  /** near-me needs the browser's coordinates; other sorts ignore `coords`. */
  | { kind: 'sort'; value: SearchSort | undefined; coords?: Coordinates }
  | { kind: 'keyword'; text: string }
  | { kind: 'category'; slug: string | undefined }
  | { kind: 'manufacturer'; uniqueName: string; selected: boolean }
  | { kind: 'distance'; value: GeoDistance | undefined }
  /** A place picked from the suggestions, or `null` when the location text is cleared. */
  | { kind: 'location'; place: Coordinates | null }
  | { kind: 'page'; page: number }
  | { kind: 'page-size'; pageSize: PageSize }
  | { kind: 'view'; view: BrowseView }
  | { kind: 'clear-all' };

const pick = <T extends string>(values: readonly T[], raw: string | undefined): T | undefined =>
  raw !== undefined && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

function coordinate(raw: string | undefined, limit: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/**
 * Spec §2 search box: trimmed; a keyword with a digit is sent as 'ID:' plus
 * the upper-cased text (once: an 'ID:' keyword is only upper-cased).
 */
export function normalizeKeyword(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/\d/.test(trimmed)) return trimmed;
  const upper = trimmed.toUpperCase();
  return upper.startsWith(LOT_NUMBER_PREFIX) ? upper : `${LOT_NUMBER_PREFIX}${upper}`;
}

/**
 * Reads the URL. Unknown or malformed values are dropped rather than refused,
 * so a hand-edited or stale link still shows a page; the rules of
 * `normalize` then hold for whatever was given.
 */
export function parseBrowseState(
  raw: RawSearchParams,
  browse: BrowseKind,
  categorySlug?: string,
  event?: EventScope,
): BrowseState {
  const one = (key: string) => firstValue(raw[key]);
  const saleFormat = pick(SEARCH_SALE_FORMATS, one('sale-format'));
  const endingDate = pick(ENDING_DATES, one('ending-date'));
  const keyword = one('keyword');
  const category = one('product-category')?.trim();
  const { page, pageSize } = parsePageParams(raw);
  const state: BrowseState = {
    browse,
    saleFormat: saleFormat === 'all' ? undefined : saleFormat,
    status: pick(SEARCH_STATUSES, one('status')),
    sort: pick(SEARCH_SORTS, one('sort')),
    endingDate: endingDate === 'all' ? undefined : endingDate,
    keyword: keyword === undefined ? undefined : normalizeKeyword(keyword),
    page,
    pageSize,
    productCategory: categorySlug ?? (category ? category : undefined),
    manufacturer: [
      ...new Set(
        (one('manufacturer') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ],
    geoDistance: pick(GEO_DISTANCES, one('geo-distance')),
    geoLat: coordinate(one('geo-lat'), 90),
    geoLon: coordinate(one('geo-lon'), 180),
    view: one('view') === 'list' ? 'list' : 'grid',
  };
  if (categorySlug !== undefined) state.categoryInPath = true;
  if (event !== undefined) state.event = event;
  return normalize(state);
}

/** Rules that hold whatever the change (spec §4). */
function normalize(state: BrowseState): BrowseState {
  const next = { ...state };
  // Inside an event there are only its lots.
  if (next.event !== undefined) {
    next.browse = 'assets';
    next.categoryInPath = undefined;
  }
  // Buy Now is offered only for lots.
  if (next.browse === 'events' && next.saleFormat === 'buy-now') next.saleFormat = undefined;
  if (next.browse === 'events') {
    next.categoryInPath = undefined;
    // Events have no category, manufacturer or location filters.
    next.productCategory = undefined;
    next.manufacturer = [];
    next.geoDistance = undefined;
  }
  // Coordinates travel in pairs.
  if (next.geoLat === undefined || next.geoLon === undefined) {
    next.geoLat = undefined;
    next.geoLon = undefined;
  }
  // Coordinates are kept only for a distance or the near-me sort.
  if (next.geoDistance === undefined && next.sort !== 'near-me') {
    next.geoLat = undefined;
    next.geoLon = undefined;
  }
  if (next.sort === 'near-me' && (next.geoLat === undefined || next.browse === 'events')) next.sort = undefined;
  // A sort the view hides is dropped, so the view's default applies.
  if (next.sort !== undefined && !sortOptions(next).includes(next.sort)) next.sort = undefined;
  return next;
}

const isDefaultSort = (sort: SearchSort | undefined) => sort === undefined || sort === 'ending-soon';

/** Spec §4: buy-now clears ending-date (which no longer applies), and the sort when it is unset or ending-soon. */
function onBuyNow(state: BrowseState): void {
  if (!endingDateApplies(state)) state.endingDate = undefined;
  if (isDefaultSort(state.sort)) state.sort = undefined;
}

/** Spec §4: the past status clears ending-date (which no longer applies), the unset/ending-soon sort and the tender format. */
function onPast(state: BrowseState): void {
  if (!endingDateApplies(state)) state.endingDate = undefined;
  if (isDefaultSort(state.sort)) state.sort = undefined;
  if (state.saleFormat === 'tender') state.saleFormat = undefined;
}

/** Applies one change with every rule of spec §2 (tabs) and §4 (filter interactions). */
export function applyChange(current: BrowseState, change: BrowseChange): BrowseState {
  const next: BrowseState = { ...current, manufacturer: [...current.manufacturer] };
  // Every change resets page and page-size, except paging itself and the display.
  if (change.kind !== 'page' && change.kind !== 'page-size' && change.kind !== 'view') {
    next.page = 1;
    next.pageSize = DEFAULT_PAGE_SIZE;
  }
  switch (change.kind) {
    case 'tab': {
      next.endingDate = undefined;
      if (isDefaultSort(next.sort)) next.sort = undefined;
      if (change.tab === 'events') {
        next.browse = 'events';
      } else {
        next.browse = 'assets';
        next.saleFormat = change.tab === 'all' ? undefined : change.tab;
        if (change.tab === 'buy-now') onBuyNow(next);
      }
      break;
    }
    case 'sale-format':
      next.saleFormat = change.value;
      if (change.value === 'buy-now') onBuyNow(next);
      break;
    case 'status':
      next.status = change.value;
      if (change.value === 'past') onPast(next);
      break;
    case 'ending-date':
      next.endingDate = change.value;
      break;
    case 'sort':
      next.sort = change.value;
      if (change.value === 'near-me' && change.coords) {
        next.geoLat = change.coords.lat;
        next.geoLon = change.coords.lon;
      }
      break;
    case 'keyword':
      next.keyword = normalizeKeyword(change.text);
      break;
    case 'category':
      next.productCategory = change.slug;
      break;
    case 'manufacturer': {
      const others = next.manufacturer.filter((m) => m !== change.uniqueName);
      next.manufacturer = change.selected ? [...others, change.uniqueName] : others;
      break;
    }
    case 'distance':
      next.geoDistance = change.value;
      if (change.value === undefined) clearCoordinates(next);
      break;
    case 'location':
      if (change.place === null) {
        clearCoordinates(next);
      } else {
        next.geoDistance = next.geoDistance ?? DEFAULT_DISTANCE;
        next.geoLat = change.place.lat;
        next.geoLon = change.place.lon;
      }
      break;
    case 'page':
      next.page = change.page;
      break;
    case 'page-size':
      next.pageSize = change.pageSize;
      next.page = 1;
      break;
    case 'view':
      next.view = change.view;
      break;
    case 'clear-all':
      return normalize({
        browse: next.browse,
        page: 1,
        pageSize: DEFAULT_PAGE_SIZE,
        manufacturer: [],
        view: next.view,
        categoryInPath: next.categoryInPath,
        event: next.event,
      });
  }
  return normalize(next);
}

function clearCoordinates(state: BrowseState): void {
  state.geoLat = undefined;
  state.geoLon = undefined;
  if (state.sort === 'near-me') state.sort = undefined;
}

/** Tabs shown (spec §2): Events is hidden in assets-only mode (a category page) and inside an event. */
export function visibleTabs(state: BrowseState): TabId[] {
  const tabs: TabId[] = ['all', 'auction', 'buy-now', 'tender'];
  return isAssetsOnly(state) || state.event !== undefined ? tabs : [...tabs, 'events'];
}

export function isAssetsOnly(state: BrowseState): boolean {
  return state.categoryInPath === true && state.productCategory !== undefined;
}

export function activeTab(state: BrowseState): TabId {
  if (state.browse === 'events') return 'events';
  return state.saleFormat ?? 'all';
}

/** Sale formats offered in the filter (spec §4): tender only with past, buy-now only for lots. */
export function saleFormatOptions(state: BrowseState): SaleFormat[] {
  const options: SaleFormat[] = ['auction'];
  if (state.browse === 'assets') options.push('buy-now');
  if (state.status === 'past' || state.saleFormat === 'tender') options.push('tender');
  return options;
}

const isTenderEvents = (state: BrowseState) => state.browse === 'events' && state.saleFormat === 'tender';

/**
 * Sorts offered (spec §4): past and tender views hide ending-soon; tender
 * events (the events browse of tenders, and a tender event's own lots) also
 * hide recent, so they default to sequence.
 */
export function sortOptions(state: BrowseState): SearchSort[] {
  if (isTenderEvents(state)) return ['sequence'];
  if (state.event?.tender) return ['sequence', 'near-me'];
  const hideEndingSoon = state.status === 'past' || state.saleFormat === 'tender';
  const options: SearchSort[] = hideEndingSoon ? [] : ['ending-soon'];
  options.push('recent', 'sequence');
  if (state.browse === 'assets') options.push('near-me');
  return options;
}

/** The sort in force: the URL's, else ending-soon where offered, else the view's first option. */
export function effectiveSort(state: BrowseState): SearchSort {
  return state.sort ?? (sortOptions(state)[0] as SearchSort);
}

/** Canonical query string: defaults left out, so every state has one address. */
export function toSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  set('sale-format', state.saleFormat);
  set('status', state.status);
  set('sort', state.sort);
  set('ending-date', state.endingDate);
  set('keyword', state.keyword);
  if (!isAssetsOnly(state)) set('product-category', state.productCategory);
  if (state.manufacturer.length > 0) params.set('manufacturer', state.manufacturer.join(','));
  set('geo-distance', state.geoDistance);
  set('geo-lat', state.geoLat);
  set('geo-lon', state.geoLon);
  // Paging last, in the order the pagination links add it (`pageLinkHref`), so those links are canonical too.
  if (state.view !== 'grid') set('view', state.view);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) set('page-size', state.pageSize);
  if (state.page !== 1) set('page', state.page);
  return params;
}

/** The 'Filter & Sort' count (spec §2): active URL filters; the coordinates are not counted when a distance is set. */
export function activeFilterCount(state: BrowseState): number {
  const params = toSearchParams(state);
  for (const key of ['keyword', 'page', 'page-size', 'view']) params.delete(key);
  if (state.geoDistance !== undefined) {
    params.delete('geo-lat');
    params.delete('geo-lon');
  }
  return [...params.keys()].length;
}

/** The parameters the lot search API takes, with the view's sort made explicit. */
export function lotSearchQuery(state: BrowseState): Record<string, string | number | undefined> {
  return {
    'sale-format': state.saleFormat,
    status: state.status,
    sort: effectiveSort(state),
    'ending-date': state.endingDate,
    keyword: state.keyword,
    page: state.page,
    'page-size': state.pageSize,
    'product-category': state.productCategory,
    manufacturer: state.manufacturer.length > 0 ? state.manufacturer.join(',') : undefined,
    'geo-distance': state.geoDistance,
    'geo-lat': state.geoLat,
    'geo-lon': state.geoLon,
    'event-id': state.event?.eventId,
  };
}
