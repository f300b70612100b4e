import type { EventLotSource, SellerCompany } from '@lotline/contracts';
import type { BiddingStatus } from '@lotline/contracts/enums';
import {
  ACCOUNT_PATH,
  MY_BIDS_PATH,
  SELLER_COMPANY_PATH,
  SIGN_IN_PATH,
  type STAFF_TAX_EXEMPTIONS_PATH,
  type WATCHLIST_PATH,
} from '@lotline/contracts/page-paths';
import { type BrowseState, isAssetsOnly, toSearchParams } from './browse/state';
import type { LegacyLot } from './lots/legacy-lot';
import { slugify } from './lots/slugify';

/**
 * Every page address of the site is built here (spec §2), so a link, a
 * redirect, the sitemap and the JSON-LD never disagree on one. The pages the
 * API links to as well (e-mails, the payment return) come from
 * `@lotline/contracts/page-paths` and are re-exported: import them from here.
 * Ids and slugs are percent-encoded; slugs of titles are ASCII (`slugify`).
 */
export * from '@lotline/contracts/page-paths';

export const HOME_PATH = '/';
export const LOTS_PATH = '/marketplace/lots';
export const EVENTS_PATH = '/marketplace/events';
export const TERMS_OF_USE_PATH = '/marketplace/legal/terms-of-use';

// Lots: /marketplace/bid/{slug of title}/{lot id}

/** The lot detail route's prefix. */
export const LOT_ROUTE_PREFIX = '/marketplace/bid/';
/** Used when a title has no ASCII letters or digits, so the path never has an empty segment. */
const FALLBACK_LOT_SLUG = 'lot';

function bidPath(title: string, id: string): string {
  return `${LOT_ROUTE_PREFIX}${slugify(title) || FALLBACK_LOT_SLUG}/${encodeURIComponent(id)}`;
}

/** Event-service lots use the name slug and the marketplace-2 id, else the parent id, else their own id. */
export function eventLotHref(lot: Pick<EventLotSource, '_id' | 'mp2Id' | 'parentId' | 'name'>): string {
  return bidPath(lot.name, lot.mp2Id ?? lot.parentId ?? lot._id);
}

/** The lot page with its buy box's confirmation open (the card's "Buy now", issue 15). */
export const BUY_NOW_PARAM = 'buy';
export function buyNowHref(lotHref: string): string {
  return `${lotHref}?${BUY_NOW_PARAM}=1`;
}

/**
 * Legacy lots slug their SEO title (spec §2), whole: it was written as the
 * lot's URL, so it is not cut like a title. Without one, the title's slug.
 */
export function legacyLotHref(lot: Pick<LegacyLot, 'id' | 'title' | 'title_seo'>): string {
  const seoSlug = lot.title_seo ? slugify(lot.title_seo, Number.POSITIVE_INFINITY) : '';
  if (seoSlug) return `${LOT_ROUTE_PREFIX}${seoSlug}/${encodeURIComponent(String(lot.id))}`;
  return bidPath(lot.title, String(lot.id));
}

export function lotHref(input: { lot?: LegacyLot; eventLot?: EventLotSource }): string {
  if (input.eventLot) return eventLotHref(input.eventLot);
  if (input.lot) return legacyLotHref(input.lot);
  throw new Error('Either lot or eventLot is required');
}

// Events, sellers, catalog products, categories

export const EVENT_ROUTE_PREFIX = '/marketplace/event/';

/** Event page: /marketplace/event/{slug of event name}/{event id}. */
export function eventHref(event: { _id: string; name: string }): string {
  return `${EVENT_ROUTE_PREFIX}${slugify(event.name) || 'event'}/${encodeURIComponent(event._id)}`;
}

/** Seller page: /marketplace/seller/{seller slug}/{company id}. */
export function sellerHref(company: Pick<SellerCompany, '_id' | 'slug'>): string {
  return `/marketplace/seller/${encodeURIComponent(company.slug)}/${encodeURIComponent(company._id)}`;
}

/** Catalog product page: /catalog/p/{unique name}. */
export function catalogProductHref(uniqueName: string): string {
  return `/catalog/p/${encodeURIComponent(uniqueName)}`;
}

/** A category's browse page with no filters: /marketplace/lots/{category slug} (assets-only mode). */
export function categoryHref(slug: string): string {
  return `${LOTS_PATH}/${encodeURIComponent(slug)}`;
}

// Browse: the address of a browse state (decision 0018)

/**
 * The address of a browse state: the event page (event scope),
 * /marketplace/events, a category page (assets-only mode keeps the category
 * in the path) or /marketplace/lots, with the canonical query string.
 */
export function browseHref(state: BrowseState): string {
  const query = toSearchParams(state).toString();
  const path = state.event
    ? state.event.path
    : state.browse === 'events'
      ? EVENTS_PATH
      : isAssetsOnly(state)
        ? categoryHref(state.productCategory as string)
        : LOTS_PATH;
  return query ? `${path}?${query}` : path;
}

// My Bids

/** My Bids filtered to one bidding status (all when null), at `page` (the first page leaves it out). */
export function myBidsHref(status: BiddingStatus | null, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${MY_BIDS_PATH}?${query}` : MY_BIDS_PATH;
}

// Seller console

/** The company page of the seller console, for one of the user's companies (the first when none is named). */
export function sellerCompanyHref(companyId?: string): string {
  return companyId ? `${SELLER_COMPANY_PATH}?company=${encodeURIComponent(companyId)}` : SELLER_COMPANY_PATH;
}

// Signing in

/** The sign-in page that returns to `next` (a path of this site; encoded whole). */
export function signInHref(next: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}

/**
 * The sign-in redirect of a signed-in-only page whose path needs no encoding:
 * these pages have always sent `next` as the bare path (`/login?next=/account`).
 */
export function signInRedirectHref(
  page: typeof ACCOUNT_PATH | typeof WATCHLIST_PATH | typeof MY_BIDS_PATH | typeof STAFF_TAX_EXEMPTIONS_PATH,
): string {
  return `${SIGN_IN_PATH}?next=${page}`;
}

/** After sign-up: the sign-in page says the account was created, then opens the account page's welcome. */
export const SIGN_IN_AFTER_SIGN_UP = `${SIGN_IN_PATH}?signed-up=1&next=${encodeURIComponent(`${ACCOUNT_PATH}?welcome=1`)}`;
/** After a sign-up that came from a page (an invitation link, decision 0068): signing in returns there. */
export function signInAfterSignUpHref(next: string): string {
  return `${SIGN_IN_PATH}?signed-up=1&next=${encodeURIComponent(next)}`;
}
/** After a password reset: the sign-in page says the password was changed. */
export const SIGN_IN_AFTER_RESET = `${SIGN_IN_PATH}?reset=1`;
