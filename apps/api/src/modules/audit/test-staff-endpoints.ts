import { FEATURE_FLAGS } from '@lotline/contracts';

/**
 * Every staff endpoint, for the walk in `staff-endpoints.authz.test.ts` (contract §6: a visitor 401, any other
 * user 403, nothing changed) and the audit guard in `audit-guard.ts` (a staff write that succeeds records one
 * of the actions its row names, decision 0088). A staff endpoint is any route whose access requires the `staff`
 * role, or any route under `/marketplace-api/staff/`; a new one fails the walk until it has a row here.
 */
export interface StaffRoute {
  /** A valid body and query (the refusal must be the access check's, not validation's). */
  body?: (ids: StaffIds) => unknown;
  query?: (ids: StaffIds) => Record<string, string>;
  /** Writes: the actions a success records: at least one entry, each with one of these. */
  audits?: readonly string[];
  /** Writes that may succeed recording nothing, and why (a repeat that changes nothing, a preview). */
  quiet?: string;
}

/** The real records a staff path names in the walk (company A's, whose owner is the walk's seller). */
export interface StaffIds {
  userId: string;
  companyId: string;
  eventId: string;
  lotId: string;
  orderId: string;
  registrationId: string;
  categoryId: string;
  brandId: string;
}

/** Path parameters by name; a row's path takes them from here (`missing-<name>` otherwise). */
export function paramsOf(ids: StaffIds): Record<string, string> {
  return {
    key: FEATURE_FLAGS[0],
    exemptionId: 'tx_unknown',
    userId: ids.userId,
    categoryId: ids.categoryId,
    brandId: ids.brandId,
    catalogProductId: 'cp_unknown',
    companyId: ids.companyId,
    sectionId: 'cms_unknown',
    applicationId: 'app_unknown',
    orderId: ids.orderId,
    refundId: 'rf_unknown',
    currency: 'USD',
    registrationId: ids.registrationId,
    ruleId: 'rule_unknown',
    eventId: ids.eventId,
    lotId: ids.lotId,
  };
}

const wireAccount = { beneficiary: 'Lotline', bankName: 'Bank', accountNumber: '1', bankCode: 'B1' };
const rule = (ids: StaffIds) => ({
  companyId: ids.companyId,
  requireVerified: true,
  requireNoUnpaidOrders: true,
  minAccountAgeDays: null,
  bidLimit: 100_000,
  currency: 'USD',
});
const section = { label: 'Cranes', text: '', seeMoreUrl: null, lotIds: [], catalogProductIds: [] };
const REPEAT = 'the same value or decision again answers as is and changes nothing';

export const STAFF_ROUTES: Record<string, StaffRoute> = {
  'PUT /marketplace/api/feature-flags/:key': {
    body: () => ({ enabled: true }),
    audits: ['feature-flag.switch'],
    quiet: REPEAT,
  },
  'GET /ars/api/v2/identity/tax-exemptions/review': {},
  'POST /ars/api/v2/identity/tax-exemptions/:exemptionId/approve': {
    body: () => ({}),
    audits: ['tax-exemption.approve'],
  },
  'POST /ars/api/v2/identity/tax-exemptions/:exemptionId/revoke': {
    body: () => ({ note: 'Forged' }),
    audits: ['tax-exemption.revoke'],
  },
  'GET /marketplace-api/staff/users': {},
  'GET /marketplace-api/staff/users/:userId': {},
  'GET /marketplace-api/staff/users/:userId/activity': {},
  'PATCH /marketplace-api/staff/users/:userId': {
    body: () => ({ disabled: true }),
    audits: ['user.disable', 'user.enable', 'user.roles', 'lot.bids-withdrawn'],
    quiet: REPEAT,
  },
  'POST /marketplace-api/staff/users/:userId/password-reset': { audits: ['user.password-reset'] },
  'POST /marketplace-api/staff/categories': { body: () => ({ name: 'Cranes' }), audits: ['category.create'] },
  'PATCH /marketplace-api/staff/categories/:categoryId': {
    body: () => ({ name: 'Renamed' }),
    audits: ['category.update'],
    quiet: REPEAT,
  },
  'POST /marketplace-api/staff/categories/:categoryId/merge': {
    body: () => ({ intoId: 'cat_unknown' }),
    audits: ['category.merge'],
  },
  'GET /marketplace-api/staff/brands': {},
  'POST /marketplace-api/staff/brands': { body: () => ({ name: 'Acme' }), audits: ['brand.create'] },
  'PATCH /marketplace-api/staff/brands/:brandId': {
    body: () => ({ name: 'Acme 2' }),
    audits: ['brand.update'],
    quiet: REPEAT,
  },
  'POST /marketplace-api/staff/brands/:brandId/merge': {
    body: () => ({ intoId: 'br_unknown' }),
    audits: ['brand.merge'],
  },
  'GET /marketplace-api/staff/catalog-products': {},
  'POST /marketplace-api/staff/catalog-products': {
    body: () => ({ name: 'Crane 3000' }),
    audits: ['catalogProduct.create'],
  },
  'PATCH /marketplace-api/staff/catalog-products/:catalogProductId': {
    body: () => ({ name: 'Crane 3001' }),
    audits: ['catalogProduct.update'],
    quiet: REPEAT,
  },
  'POST /marketplace-api/staff/catalog-products/:catalogProductId/merge': {
    body: () => ({ intoId: 'cp_other' }),
    audits: ['catalogProduct.merge'],
  },
  'GET /marketplace-api/staff/companies': {},
  'POST /marketplace-api/staff/companies': {
    body: () => ({ name: 'New Co', country: 'US', ownerEmail: 'owner-to-be@example.com' }),
    audits: ['company.create'],
  },
  'POST /marketplace-api/staff/companies/:companyId/invitations': {
    body: () => ({ email: 'invitee@example.com', role: 'staff' }),
    audits: ['company.invite'],
  },
  'PATCH /marketplace-api/staff/companies/:companyId': {
    body: () => ({ status: 'suspended' }),
    audits: ['company.suspend', 'company.reactivate', 'company.commission'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/commission': {},
  'PUT /marketplace-api/staff/commission': {
    body: () => ({ commissionBps: 1500 }),
    audits: ['marketplace.commission'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/featured-sellers': {},
  'PUT /marketplace-api/staff/featured-sellers': {
    body: (ids) => ({ companyIds: [ids.companyId, 'co_2', 'co_3', 'co_4', 'co_5', 'co_6'] }),
    audits: ['content.featured-sellers'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/cms-sections': {},
  'GET /marketplace-api/staff/cms-sections/:sectionId': {},
  'PATCH /marketplace-api/staff/cms-sections/:sectionId': {
    body: () => ({ label: 'Cranes' }),
    audits: ['content.section'],
    quiet: REPEAT,
  },
  'POST /marketplace-api/staff/cms-sections/:sectionId/preview': {
    body: () => section,
    quiet: 'a preview renders the draft and stores nothing',
  },
  'GET /marketplace-api/staff/terms-versions': {},
  'POST /marketplace-api/staff/terms-versions': {
    body: () => ({ markdown: '# Terms', basedOn: 1 }),
    audits: ['content.terms'],
  },
  'GET /marketplace-api/staff/seller-applications': {},
  'POST /marketplace-api/staff/seller-applications/:applicationId/decision': {
    body: () => ({ decision: 'approve' }),
    audits: ['seller-application.approve', 'seller-application.decline'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/orders': { query: () => ({ awaiting: 'wire' }) },
  'GET /marketplace-api/staff/orders/search': { query: () => ({ q: 'LL-100042' }) },
  'GET /marketplace-api/staff/orders/:orderId': {},
  'POST /marketplace-api/staff/orders/:orderId/refunds': {
    body: () => ({ amount: 100, reason: 'Damaged' }),
    audits: ['order.refund'],
    quiet: 'a retry with the same Idempotency-Key answers the first refund',
  },
  'GET /marketplace-api/staff/orders/:orderId/credit-notes/:refundId.pdf': {},
  'POST /marketplace-api/staff/orders/:orderId/cancel': {
    body: () => ({ reason: 'Withdrawn' }),
    audits: ['order.cancel'],
    quiet: 'a retry with the same Idempotency-Key answers the first cancel',
  },
  'POST /marketplace-api/staff/orders/:orderId/wire-received': { audits: ['order.wire-received'], quiet: REPEAT },
  'GET /marketplace-api/staff/wire-accounts': {},
  'PUT /marketplace-api/staff/wire-accounts/:currency': {
    body: () => wireAccount,
    audits: ['wire-account.set'],
    quiet: REPEAT,
  },
  'DELETE /marketplace-api/staff/wire-accounts/:currency': { audits: ['wire-account.remove'], quiet: REPEAT },
  'GET /marketplace-api/staff/payment-alerts': {},
  'GET /marketplace-api/staff/audit-log': {},
  'GET /marketplace-api/staff/payouts': {},
  'POST /marketplace-api/staff/payouts': {
    body: (ids) => ({ orderId: ids.orderId, reference: 'TRF-1' }),
    audits: ['payout.record'],
  },
  'POST /marketplace-api/staff/payouts/transfers': {
    body: (ids) => ({ orderId: ids.orderId }),
    audits: ['payout.transfer'],
  },
  'PUT /marketplace-api/staff/payouts/accounts/:companyId': {
    body: () => ({ stripeAccountId: 'acct_123' }),
    audits: ['payout.account'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/refunds': {},
  'GET /marketplace-api/staff/revenue': {},
  'POST /marketplace-api/staff/registrations/:registrationId/decision': {
    body: () => ({ decision: 'approve' }),
    audits: ['registration.approve', 'registration.decline'],
    quiet: REPEAT,
  },
  'PUT /marketplace-api/staff/registrations/:registrationId/bid-limit': {
    body: () => ({ bidLimit: 100_000 }),
    audits: ['registration.bid-limit'],
    quiet: REPEAT,
  },
  'GET /marketplace-api/staff/registrations': { query: (ids) => ({ eventId: ids.eventId }) },
  'GET /marketplace-api/staff/auto-approval-rules': {},
  'POST /marketplace-api/staff/auto-approval-rules': { body: rule, audits: ['auto-approval-rule.create'] },
  'PUT /marketplace-api/staff/auto-approval-rules/:ruleId': {
    body: rule,
    audits: ['auto-approval-rule.update'],
    quiet: REPEAT,
  },
  'DELETE /marketplace-api/staff/auto-approval-rules/:ruleId': { audits: ['auto-approval-rule.delete'] },
  'GET /marketplace-api/staff/events': {},
  'GET /marketplace-api/staff/events/:eventId': {},
  'POST /marketplace-api/staff/events/:eventId/finalize': { audits: ['event.finalize'], quiet: REPEAT },
  'POST /marketplace-api/staff/events/:eventId/pause': {
    body: () => ({ reason: 'Checking a complaint' }),
    audits: ['event.pause'],
  },
  'POST /marketplace-api/staff/events/:eventId/resume': { audits: ['event.resume'] },
  'POST /marketplace-api/staff/lots/:lotId/withdraw': {
    body: () => ({ reason: 'Damaged in transit' }),
    audits: ['lot.withdraw'],
    quiet: REPEAT,
  },
};
