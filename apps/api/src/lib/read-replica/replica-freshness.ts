/**
 * How stale a streaming replica is, from two numbers the servers give at once (decision 0101): the primary's
 * current WAL position, sampled with the time it was taken, and the replica's last replayed position. When the
 * replica has replayed up to a position the primary had reached at time t, it holds everything committed before
 * t: it is at most `now - t` behind. The newest such sample bounds the staleness; with none, it is unknown
 * (treated as too stale). Pure: the sampling is the router's.
 */

/** A WAL position (`pg_lsn`, "16/B374D848") as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export interface PrimarySample {
  at: number;
  lsn: bigint;
}

export class ReplicaFreshness {
  readonly #samples: PrimarySample[] = [];
  /** The time of the newest primary sample the replica has replayed, or null when none is known. */
  #coveredAt: number | null = null;

  constructor(private readonly keepMs: number) {}

  /** The primary was at `lsn` at time `at` (samples come in time order). */
  primaryAt(at: number, lsn: bigint): void {
    this.#samples.push({ at, lsn });
    while (this.#samples.length > 1 && (this.#samples[0]?.at ?? at) < at - this.keepMs) this.#samples.shift();
  }

  /** The replica has replayed up to `lsn` (null: it could not be asked; nothing is known any more). */
  replicaAt(lsn: bigint | null): void {
    if (lsn === null) {
      this.#coveredAt = null;
      return;
    }
    let covered: number | null = null;
    for (const sample of this.#samples) if (sample.lsn <= lsn) covered = sample.at;
    // Never go back: the replica does not un-replay.
    if (covered !== null && (this.#coveredAt === null || covered > this.#coveredAt)) this.#coveredAt = covered;
  }

  /** At most how many ms behind the primary the replica is at `now`; Infinity when unknown. */
  stalenessAt(now: number): number {
    return this.#coveredAt === null ? Number.POSITIVE_INFINITY : Math.max(0, now - this.#coveredAt);
  }

  /** Forgets everything (the primary or the replica changed, e.g. after a restart). */
  reset(): void {
    this.#samples.length = 0;
    this.#coveredAt = null;
  }
}
