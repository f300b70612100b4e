/**
 * Every demo account signs in with this password (it is printed in README.md; demo data only).
 * A file of its own so that the browser tests import it without the generator (`@lotline/db/demo-password`).
 */
export const DEMO_PASSWORD = 'lotline-demo-2026';
