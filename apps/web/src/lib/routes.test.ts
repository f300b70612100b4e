import { describe, expect, it } from 'vitest';
import { makeEventLot } from '../test/event-lot-factory';
import { parseBrowseState } from './browse/state';
import {
  ACCOUNT_PATH,
  browseHref,
  buyNowHref,
  catalogProductHref,
  categoryHref,
  eventHref,
  eventLotHref,
  LOTS_PATH,
  legacyLotHref,
  lotHref,
  MESSAGES_PATHS,
  MY_BIDS_PATH,
  messageThreadPath,
  myBidsHref,
  PAYMENT_SETUP_RETURN_PATH,
  SIGN_IN_AFTER_RESET,
  SIGN_IN_AFTER_SIGN_UP,
  STAFF_TAX_EXEMPTIONS_PATH,
  sellerCompanyHref,
  sellerHref,
  signInHref,
  signInRedirectHref,
  WATCHLIST_PATH,
} from './routes';

describe('eventLotHref', () => {
  it('uses the name slug and the marketplace-2 id', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: 'mp2_9', parentId: 'p_1' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_9',
    );
  });
  it('falls back to the parent id, then the lot id', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: null, parentId: 'p_1' }))).toMatch(/\/p_1$/);
    expect(eventLotHref(makeEventLot({ mp2Id: null, parentId: null, _id: 'lot_7' }))).toMatch(/\/lot_7$/);
  });
  it('never leaves the slug segment empty', () => {
    expect(eventLotHref(makeEventLot({ name: '挖掘机' }))).toBe('/marketplace/bid/lot/mp2_1');
  });
  it('encodes ids that are not URL-safe', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: 'a/b c' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/a%2Fb%20c',
    );
  });
});

describe('buyNowHref', () => {
  it('opens the lot page with its buy box confirmation', () => {
    expect(buyNowHref('/marketplace/bid/press/lot_1')).toBe('/marketplace/bid/press/lot_1?buy=1');
  });
});

describe('legacyLotHref', () => {
  it('slugs the SEO title, else the title', () => {
    expect(legacyLotHref({ id: 42, title: 'Lathe', title_seo: 'Used Lathe Toronto' })).toBe(
      '/marketplace/bid/used-lathe-toronto/42',
    );
    expect(legacyLotHref({ id: 43, title: 'Big Lathe', title_seo: null })).toBe('/marketplace/bid/big-lathe/43');
  });

  it('keeps an SEO title longer than 80 characters whole (the demo has some)', () => {
    const seo = 'lincoln-electric-power-mig-350mp-multi-process-mig-welder-with-cart-and-cables-187';
    expect(seo.length).toBeGreaterThan(80);
    expect(legacyLotHref({ id: 44, title: 'Welder', title_seo: seo })).toBe(`/marketplace/bid/${seo}/44`);
    // A long title without an SEO title is still cut at a word boundary.
    const long = legacyLotHref({ id: 45, title: `${'word '.repeat(30)}end`, title_seo: '' });
    expect(long.length).toBeLessThanOrEqual('/marketplace/bid//45'.length + 80);
  });
});

describe('lotHref', () => {
  it('requires a lot or an event lot', () => {
    expect(() => lotHref({})).toThrow('Either lot or eventLot is required');
  });
});

describe('eventHref', () => {
  it('slugs the name and encodes the id, as the event card, the watchlist and the sitemap link it', () => {
    expect(eventHref({ _id: 'ev_1', name: 'Spring Machinery Sale (2026)' })).toBe(
      '/marketplace/event/spring-machinery-sale-2026/ev_1',
    );
    expect(eventHref({ _id: 'a/b', name: 'Sale' })).toBe('/marketplace/event/sale/a%2Fb');
  });
  it('never leaves the slug segment empty', () => {
    expect(eventHref({ _id: 'ev_2', name: '拍卖' })).toBe('/marketplace/event/event/ev_2');
  });
});

describe('sellerHref', () => {
  it('encodes the slug and the company id', () => {
    expect(sellerHref({ _id: 'co_1', slug: 'acme-industrial' })).toBe('/marketplace/seller/acme-industrial/co_1');
    expect(sellerHref({ _id: 'co 2', slug: 'a&b' })).toBe('/marketplace/seller/a%26b/co%202');
  });
});

describe('catalogProductHref', () => {
  it('encodes the unique name', () => {
    expect(catalogProductHref('haas-vf-2')).toBe('/catalog/p/haas-vf-2');
    expect(catalogProductHref('a/b')).toBe('/catalog/p/a%2Fb');
  });
});

describe('categoryHref', () => {
  it('is the category browse page with no filters, the address browseHref gives its state', () => {
    for (const slug of ['cnc-machines', 'a b', 'a/b']) {
      expect(categoryHref(slug)).toBe(browseHref(parseBrowseState({}, 'assets', slug)));
    }
    expect(categoryHref('cnc-machines')).toBe('/marketplace/lots/cnc-machines');
  });
});

describe('browseHref', () => {
  it('gives the lots, events and event addresses with the canonical query', () => {
    expect(browseHref(parseBrowseState({}, 'assets'))).toBe(LOTS_PATH);
    expect(browseHref(parseBrowseState({ 'sale-format': 'buy-now' }, 'assets'))).toBe(
      '/marketplace/lots?sale-format=buy-now',
    );
    expect(browseHref(parseBrowseState({ keyword: 'lathe' }, 'events'))).toBe('/marketplace/events?keyword=lathe');
    const event = { eventId: 'ev_1', path: '/marketplace/event/sale/ev_1', tender: false };
    expect(browseHref(parseBrowseState({ page: '2' }, 'assets', undefined, event))).toBe(
      '/marketplace/event/sale/ev_1?page=2',
    );
  });
});

describe('sign-in addresses', () => {
  it('encodes the page to return to whole', () => {
    expect(signInHref('/marketplace/lots?page=2')).toBe('/login?next=%2Fmarketplace%2Flots%3Fpage%3D2');
    expect(signInHref(`${PAYMENT_SETUP_RETURN_PATH}?setup=pms_1`)).toBe(
      '/login?next=%2Faccount%2Fpayment-methods%2Freturn%3Fsetup%3Dpms_1',
    );
  });
  it('keeps the bare path of the signed-in-only pages, as they have always redirected', () => {
    expect(signInRedirectHref(ACCOUNT_PATH)).toBe('/login?next=/account');
    expect(signInRedirectHref(WATCHLIST_PATH)).toBe('/login?next=/account/watchlist');
    expect(signInRedirectHref(STAFF_TAX_EXEMPTIONS_PATH)).toBe('/login?next=/staff/tax-exemptions');
    expect(signInRedirectHref(MY_BIDS_PATH)).toBe('/login?next=/account/bids');
  });
  it('says where sign-up and a password reset lead', () => {
    expect(SIGN_IN_AFTER_SIGN_UP).toBe('/login?signed-up=1&next=%2Faccount%3Fwelcome%3D1');
    expect(SIGN_IN_AFTER_RESET).toBe('/login?reset=1');
  });
});

describe('myBidsHref', () => {
  it('filters by status and pages, leaving defaults out', () => {
    expect(myBidsHref(null)).toBe('/account/bids');
    expect(myBidsHref('outbid')).toBe('/account/bids?status=outbid');
    expect(myBidsHref('reserve-not-met', 3)).toBe('/account/bids?status=reserve-not-met&page=3');
    expect(myBidsHref(null, 2)).toBe('/account/bids?page=2');
    expect(myBidsHref('won', 1)).toBe('/account/bids?status=won');
  });
});

describe('messages', () => {
  it('links a thread on each side, encoding the id', () => {
    expect(messageThreadPath('buyer', 'c_1')).toBe('/account/messages/c_1');
    expect(messageThreadPath('seller', 'c 1')).toBe('/seller/messages/c%201');
    expect(MESSAGES_PATHS).toEqual({ buyer: '/account/messages', seller: '/seller/messages' });
  });
});

describe('sellerCompanyHref', () => {
  it('names the company in the query, encoded, or none for the first company', () => {
    expect(sellerCompanyHref()).toBe('/seller/company');
    expect(sellerCompanyHref('co 1')).toBe('/seller/company?company=co%201');
  });
});
