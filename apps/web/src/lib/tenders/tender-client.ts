import { callLotApi } from '../bidding/bidding-client';

/** The tender box's and the seller's award calls from the browser (contract §5; decision 0047). */

const seg = encodeURIComponent;

export const tenderPath = (eventLotId: string) => `/marketplace/api/event/event-lots/${seg(eventLotId)}/tender`;
export const awardPath = (eventLotId: string) => `/marketplace-api/seller/lots/${seg(eventLotId)}/award`;

/** Your tender as the browser keeps it: the amount and when it was last stored (ms). */
export interface YourTender {
  amount: number;
  updatedAt: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readYourTender(data: unknown): YourTender | null {
  const tender = isObject(data) ? data.tender : undefined;
  if (!isObject(tender) || typeof tender.amount !== 'number' || typeof tender.updatedAt !== 'string') return null;
  const updatedAt = Date.parse(tender.updatedAt);
  return Number.isNaN(updatedAt) ? null : { amount: tender.amount, updatedAt };
}

const readAward = (data: unknown) => (isObject(data) && typeof data.eventLotId === 'string' ? data : null);

export const putTender = (eventLotId: string, amount: number, idempotencyKey: string) =>
  callLotApi('PUT', tenderPath(eventLotId), readYourTender, { body: { amount }, idempotencyKey });

export const postAward = (eventLotId: string, tenderId: string | null, idempotencyKey: string) =>
  callLotApi('POST', awardPath(eventLotId), readAward, { body: { tenderId }, idempotencyKey });
