/**
 * Paths of the web site's pages that the API builds too (links in e-mails, the
 * payment provider's return address). Both sides import them from here so an
 * e-mail never links to a page the web has moved. No zod: the web reads these
 * through `apps/web/src/lib/routes.ts`, where every other page href is built.
 */

export const SIGN_IN_PATH = '/login';
export const SIGN_UP_PATH = '/signup';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const ACCOUNT_PATH = '/account';
export const WATCHLIST_PATH = '/account/watchlist';
/** My Bids: the lots the user bid on, by bidding status (issue 14); the outbid and won e-mails may link here. */
export const MY_BIDS_PATH = '/account/bids';
export const STAFF_TAX_EXEMPTIONS_PATH = '/staff/tax-exemptions';

/** Where the browser lands after a payment method's setup with the provider; `?setup={id}` completes it. */
export const PAYMENT_SETUP_RETURN_PATH = '/account/payment-methods/return';

/** Orders (issue 15): the buyer's, and the seller side's (every user of the seller company). */
export const ORDERS_PATHS = { buyer: '/account/orders', seller: '/seller/orders' } as const;
/** The seller console's home, and its pages of issue 15. */
export const SELLER_PATH = '/seller';
export const SELLER_OFFERS_PATH = '/seller/offers';
export const SELLER_TENDERS_PATH = '/seller/tenders';
/** Auction lots that closed below their reserve: the seller may still accept the leader's price. */
export const SELLER_RESERVE_PATH = '/seller/reserve-not-met';
/** The seller console's events (issue 16): the list, a new event, and one event's form. */
export const SELLER_EVENTS_PATH = '/seller/events';
export const SELLER_NEW_EVENT_PATH = '/seller/events/new';
export function sellerEventPath(eventId: string): string {
  return `${SELLER_EVENTS_PATH}/${encodeURIComponent(eventId)}`;
}
/** A buyer's best offers and the sellers' counters. */
export const MY_OFFERS_PATH = '/account/offers';
/** Staff: the audit log of staff writes, filtered and paged (decision 0073). */
export const STAFF_AUDIT_LOG_PATH = '/staff/audit-log';
/** Staff: every feature flag with its state, and a switch per flag. */
export const STAFF_FEATURE_FLAGS_PATH = '/staff/feature-flags';
/** Staff: orders awaiting a wire transfer. */
export const STAFF_WIRES_PATH = '/staff/wires';
/** Staff: the marketplace's receiving bank account per currency (decision 0070). */
export const STAFF_WIRE_ACCOUNTS_PATH = '/staff/wire-accounts';
/** Staff: search users; one user's roles, disable and password reset (decision 0075). */
export const STAFF_USERS_PATH = '/staff/users';
export function staffUserPath(userId: string): string {
  return `${STAFF_USERS_PATH}/${encodeURIComponent(userId)}`;
}

/** Seller onboarding (decision 0074): a signed-in user applies to sell; staff decide the applications. */
export const SELL_APPLY_PATH = '/sell/apply';
export const STAFF_SELLER_APPLICATIONS_PATH = '/staff/seller-applications';

/** One order, seen from `side`. */
export function orderPagePath(side: keyof typeof ORDERS_PATHS, orderId: string): string {
  return `${ORDERS_PATHS[side]}/${encodeURIComponent(orderId)}`;
}

/** The order's PDF (invoice or receipt) as `side` downloads it, through the web's API forwarding. */
export function orderPdfPath(side: keyof typeof ORDERS_PATHS, orderId: string, userId: string): string {
  const id = encodeURIComponent(orderId);
  return side === 'buyer'
    ? `/marketplace-api/users/${encodeURIComponent(userId)}/orders/${id}/invoice.pdf`
    : `/marketplace-api/seller/orders/${id}/invoice.pdf`;
}

/** A refund's credit note (PDF) as `side` downloads it, through the web's API forwarding (decision 0062). */
export function creditNotePath(side: keyof typeof ORDERS_PATHS, orderId: string, refundId: string, userId: string) {
  const id = encodeURIComponent(orderId);
  const note = `credit-notes/${encodeURIComponent(refundId)}.pdf`;
  return side === 'buyer'
    ? `/marketplace-api/users/${encodeURIComponent(userId)}/orders/${id}/${note}`
    : `/marketplace-api/seller/orders/${id}/${note}`;
}

/** The inboxes: a buyer's, and the seller side's (every user of a seller company). */
export const MESSAGES_PATHS = { buyer: '/account/messages', seller: '/seller/messages' } as const;

/** The activation (and new-address confirmation) link's page; it posts the token to the API. */
export function activationPath(token: string): string {
  return `/account/activate?token=${encodeURIComponent(token)}`;
}

/** The password reset link's page; it posts the token with the new password. */
export function resetPasswordPath(token: string): string {
  return `/reset-password?token=${encodeURIComponent(token)}`;
}

/** One conversation, seen from `side`. */
export function messageThreadPath(side: keyof typeof MESSAGES_PATHS, conversationId: string): string {
  return `${MESSAGES_PATHS[side]}/${encodeURIComponent(conversationId)}`;
}

export function paymentSetupReturnPath(setupId: string): string {
  return `${PAYMENT_SETUP_RETURN_PATH}?setup=${encodeURIComponent(setupId)}`;
}

/** A lot's page by its id: the lot route answers 301 to its canonical slug (apps/web/src/lib/lots/lot-route.ts). */
export function lotPagePath(lotId: string): string {
  return `/marketplace/bid/lot/${encodeURIComponent(lotId)}`;
}

/**
 * An event's page. The page answers any slug with a redirect to its canonical
 * one, so the API (which does not slugify names) links with a neutral slug.
 */
export function eventPagePath(eventId: string, slug = 'event'): string {
  return `/marketplace/event/${encodeURIComponent(slug)}/${encodeURIComponent(eventId)}`;
}

/** The seller console's company page (issue 16): profile, members and invitations. */
export const SELLER_COMPANY_PATH = '/seller/company';

/** An invitation link's page: the invited person signs in (or up) and joins the company. */
export const SELLER_INVITATION_PATH = '/seller/invitations';

/** The token goes in the query, not the path: request logs keep paths (as activation and reset do). */
export function sellerInvitationPath(token: string): string {
  return `${SELLER_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The seller console's payouts page: the payouts made and the payout account (decision 0090). */
export const SELLER_PAYOUTS_PATH = '/seller/payouts';

/**
 * The payouts page of one company; `connect` says why the payment provider sent the browser back from its
 * onboarding: `return` (finished or left), `refresh` (the link expired or was used: ask for a new one).
 */
export function sellerPayoutsPath(companyId: string, connect?: 'return' | 'refresh'): string {
  const query = new URLSearchParams({ company: companyId });
  if (connect) query.set('connect', connect);
  return `${SELLER_PAYOUTS_PATH}?${query}`;
}
