/**
 * The security headers that every answer of the site carries, pages (the web
 * proxy) and API answers alike (decision 0029). Each side adds its own
 * Content-Security-Policy.
 */

/**
 * Browser features no page uses are switched off; geolocation stays on for
 * this origin (Near Me), payment for this origin and Stripe's frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'serial=()',
  'usb=()',
].join(', ');

/** Two years, subdomains included; sent only when the site is served over TLS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers besides the CSP; `https` when the public origin is https. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    // For browsers without CSP frame-ancestors.
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}
