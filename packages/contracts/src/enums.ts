/**
 * Enumerations of spec section 3, written once and shared by the database
 * schema, the API and the web.
 */

export const LOT_TYPES = ['AuctionLot', 'BuyItNowItem', 'TenderLot'] as const;
export type LotType = (typeof LOT_TYPES)[number];

/** Canonical event-lot statuses (spec §3 "Event-lot statuses"). */
export const EVENT_LOT_STATUSES = [
  'Pending',
  'Active',
  'Ended',
  'Sold',
  'Unsold',
  'OrderPending',
  'OrderPaid',
  'OrderCancelled',
] as const;
export type EventLotStatus = (typeof EVENT_LOT_STATUSES)[number];

/**
 * The search index shows lower-case forms of the statuses (spec §3). They map
 * to exactly one canonical status so that every layer compares one enum.
 */
export const INDEX_STATUS_TO_CANONICAL = {
  pending: 'Pending',
  active: 'Active',
  ended: 'Ended',
  sold: 'Sold',
  unsold: 'Unsold',
  'order-pending': 'OrderPending',
  'order-paid': 'OrderPaid',
  'order-cancelled': 'OrderCancelled',
} as const satisfies Record<string, EventLotStatus>;
export type IndexStatus = keyof typeof INDEX_STATUS_TO_CANONICAL;
export const INDEX_STATUSES = Object.keys(INDEX_STATUS_TO_CANONICAL) as IndexStatus[];

export function canonicalLotStatus(value: string): EventLotStatus | undefined {
  if ((EVENT_LOT_STATUSES as readonly string[]).includes(value)) return value as EventLotStatus;
  return (INDEX_STATUS_TO_CANONICAL as Record<string, EventLotStatus>)[value];
}

export function indexLotStatus(status: EventLotStatus): IndexStatus {
  const entry = Object.entries(INDEX_STATUS_TO_CANONICAL).find(([, c]) => c === status);
  // Every canonical status has exactly one lower-case form (checked by a test).
  return (entry as [IndexStatus, EventLotStatus])[0];
}

export const LEGACY_LOT_STATUSES = ['Active', 'Paused', 'Sold', 'Unsold'] as const;
export type LegacyLotStatus = (typeof LEGACY_LOT_STATUSES)[number];

/** 'draft' is only ever seen by the seller; buyers see the other three. */
export const EVENT_STATUSES = ['draft', 'view-only', 'published', 'finalized'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const PUBLIC_EVENT_STATUSES = ['view-only', 'published', 'finalized'] as const;

export const BIDDING_STATUSES = [
  'winning',
  'won',
  'bidded',
  'outbid',
  'lost',
  'reserve-not-met',
  'not-participated',
  'bid-placed',
] as const;
export type BiddingStatus = (typeof BIDDING_STATUSES)[number];

export const PACKAGING_TYPES = ['boxes', 'bundles', 'cases', 'crates', 'drums', 'loose', 'pallets', 'pieces'] as const;
export type PackagingType = (typeof PACKAGING_TYPES)[number];

export const PARTIES = ['seller', 'buyer', '3pl', 'not-required'] as const;
export type Party = (typeof PARTIES)[number];

export const SHIPPING_OPTIONS = ['fee', 'pickup', 'buyer_arranged_shipping', 'contact_for_options'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

export const MARKET_DEMANDS = ['high', 'moderate', 'low'] as const;
export type MarketDemand = (typeof MARKET_DEMANDS)[number];

export const FEATURE_FLAGS = [
  'NEW_FEATURE',
  'MESSAGING_2024Q4',
  'FULFILLMENT_V2',
  'VIDEO_SUPPORT',
  'BUY_NOW_ALL_IN_PRICING',
  'ORDER_CONVERSATION',
  'COUNTER_OFFER',
  'BUYER_DASHBOARD_V2',
  'BUY_NOW_INVOICES',
  'CAD_WIRE_TRANSFER',
  'BUY_NOW_AUTO_APPROVE',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const LEGACY_WATCHLIST_TARGETS = ['auction', 'auction_lot', 'company'] as const;
export const FILE_UPLOAD_APPLICATIONS = ['marketplace', 'ars', 'admin-panel'] as const;

export const CATEGORY_STATUSES = ['active', 'inactive'] as const;
export const CATEGORY_TYPES = ['regular', 'market-intelligence'] as const;

export const TAX_EXEMPTION_STATUSES = ['in-review', 'active', 'expired', 'revoked'] as const;
export const TAX_EXEMPTION_DOCUMENT_TYPES = ['company', 'user', 'order'] as const;

export const USER_VAR_KEYS = [
  'buyer_persona',
  'skip-tax-exemption',
  'notification_settings',
  'auction-sms-notification',
  'signup_company_name',
  'timezone',
  'pin-carousel',
] as const;
export const DEFAULT_BUYER_PERSONA = 'Personal/Business End User';

export const CMS_SECTION_TYPES = ['featured-sellers', 'popular', 'sold', 'catalog', 'trending'] as const;
export type CmsSectionType = (typeof CMS_SECTION_TYPES)[number];

export const PAGE_SIZES = [15, 30, 45, 60] as const;

/** An order's status (contract §5 orders; issue 15): the order statuses of the event-lot list. */
export const ORDER_RECORD_STATUSES = [
  'OrderPending',
  'OrderPaid',
  'OrderCancelled',
] as const satisfies readonly EventLotStatus[];
export type OrderStatus = (typeof ORDER_RECORD_STATUSES)[number];
/** Whether the seller has approved an order: a buy-now order awaits them while BUY_NOW_AUTO_APPROVE is off. */
export const ORDER_APPROVALS = ['awaiting', 'approved', 'rejected'] as const;
export type OrderApproval = (typeof ORDER_APPROVALS)[number];
/** Whether a paid order has been handed over. */
export const ORDER_FULFILMENTS = ['none', 'shipped', 'collected'] as const;
export type OrderFulfilment = (typeof ORDER_FULFILMENTS)[number];
/** The order statuses by name, for code outside the lifecycle (they share the lot statuses' words: decision 0032's guard). */
export const ORDER_STATUS = {
  pending: 'OrderPending',
  paid: 'OrderPaid',
  cancelled: 'OrderCancelled',
} as const satisfies Record<string, OrderStatus>;

/** A refund of an order (decision 0062): out at the provider, given back, or refused. */
export const REFUND_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A payment attempt's status (`order_payments.status`, the pg enum `order_payment_status`). */
export const PAYMENT_ATTEMPT_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
/**
 * A deposit hold's status (`deposit_holds.status`, the pg enum `deposit_hold_status`). A hold being placed is
 * `failed` with no provider id and no message (decision 0037: unusable by construction until it stands).
 */
export const DEPOSIT_HOLD_STATUSES = ['held', 'replaced', 'released', 'applied', 'failed'] as const;
export type DepositHoldStatus = (typeof DEPOSIT_HOLD_STATUSES)[number];
