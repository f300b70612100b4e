/**
 * TEST SUPPORT ONLY: an independent statement of BIDDING §1–§4 for the
 * property and concurrency tests. It does not import the engine's rule
 * (`proxy-bid.ts`) and says the price the other way round, as a second-price
 * auction: the leader is the highest standing maximum (ties: the earlier),
 * and pays one increment over the runner-up's maximum, capped by their own,
 * at least their own amount when they just took the lead, and at least the
 * reserve once their maximum reaches it. If the two ever disagree, one is wrong.
 */

export interface ModelOptions {
  startingBid: number;
  reserve: number | null;
  /** `[from, increment]` rows, from 0. */
  table: readonly (readonly [number, number])[];
  /** Each bidder's registration bid limit (BIDDING §8); a bidder absent has none. */
  limits?: ReadonlyMap<string, number>;
}

export type ModelAnswer =
  | { accepted: true; price: number; leader: string; bidsCount: number }
  | { accepted: false; code: 'BID_TOO_LOW' | 'MAX_BELOW_CURRENT' | 'BID_LIMIT' };

export class ReferenceAuction {
  price: number | null = null;
  bidsCount = 0;
  private readonly maxima = new Map<string, { max: number; order: number }>();
  private order = 0;

  constructor(readonly options: ModelOptions) {}

  inc(price: number): number {
    let step = 0;
    for (const [from, increment] of this.options.table) if (price >= from) step = increment;
    return step;
  }

  minimum(): number {
    return this.price === null ? this.options.startingBid : this.price + this.inc(this.price);
  }

  /** Bidders by standing maximum, highest first, ties to the one who set it first. */
  private ranking() {
    return [...this.maxima.entries()].sort(([, a], [, b]) => b.max - a.max || a.order - b.order);
  }

  leader(): string | null {
    return this.ranking()[0]?.[0] ?? null;
  }

  maxOf(user: string): number | null {
    return this.maxima.get(user)?.max ?? null;
  }

  bid(user: string, amount: number, maxAmount = amount): ModelAnswer {
    // What the bid commits to (its maximum, else its amount) may not pass the bidder's limit, whatever else.
    const limit = this.options.limits?.get(user);
    if (limit !== undefined && maxAmount > limit) return { accepted: false, code: 'BID_LIMIT' };
    const own = this.maxima.get(user);
    if (this.leader() === user) {
      if (maxAmount <= (own as { max: number }).max) return { accepted: false, code: 'MAX_BELOW_CURRENT' };
      this.maxima.set(user, { max: maxAmount, order: this.order++ });
      this.price = this.reserveFloor(this.price as number);
      return this.accept();
    }
    if (amount < this.minimum()) return { accepted: false, code: 'BID_TOO_LOW' };
    if (own && maxAmount < own.max) return { accepted: false, code: 'MAX_BELOW_CURRENT' };
    this.maxima.set(user, { max: maxAmount, order: this.order++ });
    const [top, second] = this.ranking();
    let price = second ? Math.min(top?.[1].max as number, second[1].max + this.inc(second[1].max)) : amount;
    if (top?.[0] === user) price = Math.max(price, amount);
    this.price = this.reserveFloor(price);
    return this.accept();
  }

  private reserveFloor(price: number): number {
    const { reserve } = this.options;
    const top = this.ranking()[0]?.[1].max ?? 0;
    return reserve !== null && top >= reserve && price < reserve ? reserve : price;
  }

  reserveMet(): boolean | null {
    const { reserve } = this.options;
    return reserve === null ? null : (this.ranking()[0]?.[1].max ?? 0) >= reserve;
  }

  /** BIDDING §4 while the lot is open. */
  statusOf(user: string): 'not-participated' | 'winning' | 'reserve-not-met' | 'outbid' {
    if (!this.maxima.has(user)) return 'not-participated';
    if (this.leader() !== user) return 'outbid';
    return this.reserveMet() === false ? 'reserve-not-met' : 'winning';
  }

  private accept(): ModelAnswer {
    this.bidsCount++;
    return { accepted: true, price: this.price as number, leader: this.leader() as string, bidsCount: this.bidsCount };
  }
}
