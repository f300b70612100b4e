import {
  STAFF_AUDIT_LOG_PATH,
  STAFF_FEATURE_FLAGS_PATH,
  STAFF_SELLER_APPLICATIONS_PATH,
  STAFF_TAX_EXEMPTIONS_PATH,
  STAFF_USERS_PATH,
  STAFF_WIRE_ACCOUNTS_PATH,
  STAFF_WIRES_PATH,
} from '../../lib/routes';
import { STAFF_CATEGORIES_PATH } from '../../lib/staff/categories';
import { STAFF_COMPANIES_PATH } from '../../lib/staff/companies';

/** The staff area's pages, in the order of its navigation (decision 0073). The header's "Staff" link opens the audit log. */
export const STAFF_NAV: readonly { href: string; label: string }[] = [
  { href: STAFF_AUDIT_LOG_PATH, label: 'Audit log' },
  { href: STAFF_USERS_PATH, label: 'Users' },
  { href: STAFF_SELLER_APPLICATIONS_PATH, label: 'Seller applications' },
  { href: STAFF_COMPANIES_PATH, label: 'Companies' },
  { href: STAFF_CATEGORIES_PATH, label: 'Categories' },
  { href: STAFF_TAX_EXEMPTIONS_PATH, label: 'Tax exemptions' },
  { href: STAFF_WIRES_PATH, label: 'Wires' },
  { href: STAFF_WIRE_ACCOUNTS_PATH, label: 'Wire accounts' },
  { href: STAFF_FEATURE_FLAGS_PATH, label: 'Feature flags' },
];
