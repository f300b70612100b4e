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
export const STAFF_TAX_EXEMPTIONS_PATH = '/staff/tax-exemptions';

/** Where the browser lands after a payment method's setup with the provider; `?setup={id}` completes it. */
export const PAYMENT_SETUP_RETURN_PATH = '/account/payment-methods/return';

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

/** A lot's page by its id (e-mails): the lot route answers 301 to the canonical slug and id. */
export function lotPagePath(lotId: string): string {
  return `/marketplace/bid/lot/${encodeURIComponent(lotId)}`;
}
