import { formatMoney } from '../format/money';
import { bidTooLowMessage, parseAmount } from './amount';

/**
 * The bid form's check before the confirmation step, with the API's rules
 * (BIDDING §3 rules 1 and 2) and words, so that most refusals are seen
 * before anything is sent. The API decides again; its refusal is shown the
 * same way.
 *
 * - `bid`: an amount (at least the minimum bid) and an optional maximum (at
 *   least the amount; absent means equal).
 * - `raise`: the leader only raises their maximum (above their standing one);
 *   the amount sent is the new maximum, which the engine does not use to
 *   move the price (rule 1's exception).
 */
export type BidMode = 'bid' | 'raise';
export type BidField = 'amount' | 'maxAmount';

export interface BidRules {
  currency: string;
  minimumBid: number;
  /** The user's standing maximum on the lot, if they have bid. */
  standingMax: number | null;
}

/** MAX_BELOW_CURRENT, in the engine's words. */
const maxBelowCurrentMessage = (current: string) => `Your maximum bid must be above your current maximum of ${current}`;

export type CheckedBid =
  | { ok: true; body: { amount: number; maxAmount?: number } }
  | { ok: false; field: BidField; message: string };

export function checkBid(mode: BidMode, input: { amount: string; maxAmount: string }, rules: BidRules): CheckedBid {
  const money = (amount: number) => formatMoney(amount, rules.currency);
  if (mode === 'raise') {
    const max = parseAmount(input.maxAmount, rules.currency);
    if (!max.ok) return { ok: false, field: 'maxAmount', message: max.message };
    if (rules.standingMax !== null && max.amount <= rules.standingMax) {
      return {
        ok: false,
        field: 'maxAmount',
        message: maxBelowCurrentMessage(money(rules.standingMax)),
      };
    }
    // While the person leads the engine only raises their maximum and ignores the amount. If someone
    // outbid them since the panel last read its state, this is an ordinary bid: the minimum bid with
    // the new maximum, so the system bids only as much as needed (BIDDING §3), never the whole maximum.
    return { ok: true, body: { amount: Math.min(rules.minimumBid, max.amount), maxAmount: max.amount } };
  }
  const amount = parseAmount(input.amount, rules.currency);
  if (!amount.ok) return { ok: false, field: 'amount', message: amount.message };
  if (amount.amount < rules.minimumBid) {
    return { ok: false, field: 'amount', message: bidTooLowMessage(rules.minimumBid, rules.currency) };
  }
  if (input.maxAmount.trim() === '') return { ok: true, body: { amount: amount.amount } };
  const max = parseAmount(input.maxAmount, rules.currency);
  if (!max.ok) return { ok: false, field: 'maxAmount', message: max.message };
  if (max.amount < amount.amount) {
    return {
      ok: false,
      field: 'maxAmount',
      message: 'Your maximum bid must be at least your bid.',
    };
  }
  if (rules.standingMax !== null && max.amount < rules.standingMax) {
    return {
      ok: false,
      field: 'maxAmount',
      message: maxBelowCurrentMessage(money(rules.standingMax)),
    };
  }
  return { ok: true, body: { amount: amount.amount, maxAmount: max.amount } };
}

/** The confirmation's question: "Confirm your bid of $1,250 (maximum $2,000)". */
export function confirmText(mode: BidMode, body: { amount: number; maxAmount?: number }, currency: string): string {
  const money = (amount: number) => formatMoney(amount, currency);
  if (mode === 'raise') return `Confirm your new maximum of ${money(body.maxAmount ?? body.amount)}`;
  const max =
    body.maxAmount !== undefined && body.maxAmount !== body.amount ? ` (maximum ${money(body.maxAmount)})` : '';
  return `Confirm your bid of ${money(body.amount)}${max}`;
}
