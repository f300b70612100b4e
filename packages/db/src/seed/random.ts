/**
 * Seeded randomness for the demo data. Everything the seed produces flows
 * from one `Rng` consumed in a fixed order, so the same seed gives the same
 * rows (ids included) on every machine. Never use Math.random() in the seed.
 */

/** FNV-1a over a string, for turning names into stable numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit integer mixer (murmur3 finaliser): nearby inputs give unrelated outputs. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Reads element `i`, failing loudly instead of yielding undefined. */
export function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`Index ${i} out of range (length ${items.length})`);
  return item;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = mix32(seed ^ 0x9e3779b9);
  }

  /** mulberry32: tiny, fast and good enough for demo data. Returns [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Log-uniform in [min, max]: prices spread over orders of magnitude look real. */
  logUniform(min: number, max: number): number {
    return Math.exp(this.float(Math.log(min), Math.log(max)));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  /** Picks by weight from `[value, weight]` pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return at(entries, entries.length - 1)[0];
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(count, items.length)));
  }

  /** A child generator, so one part of the seed can change without shifting the others. */
  fork(label: string): Rng {
    return new Rng(mix32(this.state ^ hashString(label)));
  }
}

/**
 * Deals values in exact proportions: a shuffled deck of `weight` copies of
 * each value, reshuffled when empty. Unlike independent draws, every value
 * appears at least once per deck, so small seeds still cover every status.
 */
export class Deck<T> {
  private cards: T[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly entries: readonly (readonly [T, number])[],
  ) {}

  draw(): T {
    if (this.cards.length === 0) {
      const full: T[] = [];
      for (const [value, count] of this.entries) for (let i = 0; i < count; i++) full.push(value);
      this.cards = this.rng.shuffle(full);
    }
    const card = this.cards.pop();
    if (card === undefined) throw new Error('Deck has no cards');
    return card;
  }
}

/**
 * Stable ids: a prefix, eight hex digits that depend on the seed and the
 * entity's ordinal (so ids look random and differ between seeds), then the
 * ordinal in base 36 (so they are unique by construction).
 */
export function makeId(prefix: string, seed: number, ordinal: number): string {
  const h = mix32(mix32(seed ^ hashString(prefix)) ^ ordinal)
    .toString(16)
    .padStart(8, '0');
  return `${prefix}_${h}${ordinal.toString(36).padStart(6, '0')}`;
}
