import {
  STAFF_AUDIT_LOG_PATH,
  STAFF_FEATURE_FLAGS_PATH,
  STAFF_SELLER_APPLICATIONS_PATH,
  STAFF_TAX_EXEMPTIONS_PATH,
  STAFF_USERS_PATH,
  STAFF_WIRE_ACCOUNTS_PATH,
  STAFF_WIRES_PATH,
} from '../../lib/routes';
import { STAFF_BIDDER_REVIEW_PATH } from '../../lib/staff/bidder-review';
import { STAFF_BRANDS_PATH, STAFF_CATALOG_PRODUCTS_PATH } from '../../lib/staff/catalog';
import { STAFF_CATEGORIES_PATH } from '../../lib/staff/categories';
import { STAFF_COMMISSION_PATH } from '../../lib/staff/commission';
import { STAFF_COMPANIES_PATH } from '../../lib/staff/companies';
import { STAFF_CONTENT_PATH } from '../../lib/staff/content';
import { STAFF_EVENTS_PATH } from '../../lib/staff/events';
import { STAFF_ORDERS_PATH, STAFF_PAYOUTS_PATH, STAFF_REFUNDS_PATH, STAFF_REVENUE_PATH } from '../../lib/staff/money';

/** The staff area's pages, in the order of its navigation (decision 0073). The header's "Staff" link opens the audit log. */
export const STAFF_NAV: readonly { href: string; label: string }[] = [
  { href: STAFF_AUDIT_LOG_PATH, label: 'Audit log' },
  { href: STAFF_USERS_PATH, label: 'Users' },
  { href: STAFF_SELLER_APPLICATIONS_PATH, label: 'Seller applications' },
  { href: STAFF_BIDDER_REVIEW_PATH, label: 'Bidder review' },
  { href: STAFF_COMPANIES_PATH, label: 'Companies' },
  { href: STAFF_COMMISSION_PATH, label: 'Commission' },
  { href: STAFF_EVENTS_PATH, label: 'Events' },
  { href: STAFF_CATEGORIES_PATH, label: 'Categories' },
  { href: STAFF_BRANDS_PATH, label: 'Brands' },
  { href: STAFF_CATALOG_PRODUCTS_PATH, label: 'Catalog products' },
  { href: STAFF_CONTENT_PATH, label: 'Content' },
  { href: STAFF_TAX_EXEMPTIONS_PATH, label: 'Tax exemptions' },
  { href: STAFF_ORDERS_PATH, label: 'Orders' },
  { href: STAFF_WIRES_PATH, label: 'Wires' },
  { href: STAFF_WIRE_ACCOUNTS_PATH, label: 'Wire accounts' },
  { href: STAFF_PAYOUTS_PATH, label: 'Payouts' },
  { href: STAFF_REFUNDS_PATH, label: 'Refunds' },
  { href: STAFF_REVENUE_PATH, label: 'Revenue' },
  { href: STAFF_FEATURE_FLAGS_PATH, label: 'Feature flags' },
];
