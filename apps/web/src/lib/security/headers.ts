/**
 * The Content-Security-Policy of every page (decision 0029). Pure: the proxy
 * gives the nonce and the settings. The other security headers are shared
 * with the API (`baseSecurityHeaders` in contracts).
 */

export interface PageCspOptions {
  /** A fresh, unpredictable value per request (base64). */
  nonce: string;
  /** `next dev` evaluates code and injects styles; production does neither. */
  dev: boolean;
  /** MAP_TILE_URL: the event map's tiles are images from that origin. */
  mapTileUrl?: string | undefined;
  /** Stripe Elements (STRIPE_PUBLISHABLE_KEY set): its script, frames and API. */
  stripe: boolean;
  /** The site is served over TLS (PUBLIC_ORIGIN is https). */
  https: boolean;
}

/** Stripe's documented CSP sources for Stripe.js and Elements. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The image source that admits a Leaflet tile template's host: `{s}`
 * subdomains become a wildcard; a template with other placeholders in its
 * host admits its scheme only. Null when the template is not a URL.
 */
export function tileImageSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return null;
  const [, scheme, host = ''] = match;
  const wild = host.replace(/\{s\}/g, '*');
  if (/[{}]/.test(wild) || !/^[\w.*-]+(:\d+)?$/.test(wild)) return `${scheme}:`;
  return `${scheme}://${wild}`;
}

export function pageContentSecurityPolicy(o: PageCspOptions): string {
  const tiles = o.mapTileUrl ? tileImageSource(o.mapTileUrl) : null;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'strict-dynamic': scripts that Next's nonced scripts load (chunks, Leaflet, Stripe.js) run; nothing else.
    [
      'script-src',
      "'self'",
      `'nonce-${o.nonce}'`,
      "'strict-dynamic'",
      ...(o.stripe ? STRIPE.script : []),
      ...(o.dev ? ["'unsafe-eval'"] : []),
    ],
    // The nonce covers Next's own style tags; development's hot reload injects unnonced ones.
    ['style-src', "'self'", ...(o.dev ? ["'unsafe-inline'"] : [`'nonce-${o.nonce}'`])],
    // data: for small inline images (and the .ics download link is a navigation, not an image).
    ['img-src', "'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(o.stripe ? STRIPE.connect : [])],
    ['frame-src', ...(o.stripe ? STRIPE.frame : ["'none'"])],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(o.https ? ([['upgrade-insecure-requests']] as [string][]) : []),
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** A nonce of 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
