/**
 * The URL space the API owns on the web origin (contract §3 plus the API's
 * own docs, health check and files). The browser only ever talks to the web
 * origin; these paths are forwarded to the API unchanged. Page routes such as
 * /marketplace/lots are not in here and stay with Next.
 *
 * Plain JavaScript: the web server (apps/web/server.mjs) forwards these itself, before Next.js.
 */
const PREFIXES = [
  '/marketplace/api/',
  '/marketplace-api/',
  '/ars/api/',
  '/files/',
  '/api/',
  // The built-in sandbox payment provider's own pages (decision 0015), served by the API process.
  '/payments-sandbox/',
  // Payment provider webhooks (Stripe posts to the public origin; decision 0044).
  '/payments/webhooks/',
];

/** Legacy watchlist calls: /user/wishlist/…, /user/wishlist-add, /user/wishlist-delete. */
const RAW_PREFIXES = ['/user/wishlist'];

/**
 * Paths forwarded as themselves and, for /docs, everything under them. `/readyz` lets a balancer in front
 * of the web server follow the API's readiness; `/metrics` is never forwarded: it is scraped on the API's
 * own port (decision 0095).
 */
const EXACT_OR_SUBTREE = ['/openapi.json', '/docs', '/healthz', '/readyz'];

/** @param {string} pathname */
export function isApiPath(pathname) {
  if (PREFIXES.some((p) => pathname.startsWith(p))) return true;
  if (RAW_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  return EXACT_OR_SUBTREE.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Where a forwarded request goes: the same path and query string on the API. */
/**
 * @param {string} apiBase
 * @param {string} pathname
 * @param {string} search
 */
export function apiTargetUrl(apiBase, pathname, search) {
  return `${apiBase.replace(/\/+$/, '')}${pathname}${search}`;
}
