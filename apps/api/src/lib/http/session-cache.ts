import { createHash } from 'node:crypto';
import type { SessionUser } from './session';

interface Entry {
  user: SessionUser;
  /** Epoch ms after which the entry is not believed. */
  until: number;
}

export interface SessionCacheOptions {
  /** How long an entry is believed, in ms; 0 turns the cache off. */
  ttlMs: number;
  /** Entries held at most; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * The key of a request's cookies: their SHA-256, so no token is kept in the
 * clear (nor can reach a log). The whole Cookie header, because the auth
 * library's answer depends on more than the session token (its
 * don't-remember and session-data cookies).
 */
export const sessionCacheKey = (cookieHeader: string) => createHash('sha256').update(cookieHeader).digest('base64url');

/**
 * The signed-in users this process resolved in the last few seconds, by their
 * cookies' key (decision 0100). Believed only while `trusted`: the owner turns
 * that on while its LISTEN for ended sessions is up (`session-ends.ts`) and off
 * when it is lost, clearing every entry each time. `dropUser` forgets a user's
 * entries at once; a lookup that began before a drop stores nothing
 * (`generation`), so a read racing a sign-out, a disable or a password reset
 * cannot bring the ended session back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private isTrusted = false;
  /** Counts drops and clears; a store carries the count its lookup began with. */
  private drops = 0;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get trusted(): boolean {
    return this.isTrusted;
  }

  /** The count a lookup begins with, passed back to `set`. */
  get generation(): number {
    return this.drops;
  }

  get(key: string): SessionUser | undefined {
    if (!this.isTrusted) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.user;
  }

  /** Stores a user resolved by a lookup that began at `generation`, believed until `notAfter` at the latest. */
  set(key: string, user: SessionUser, notAfter: number, generation: number): void {
    if (!this.isTrusted || this.options.ttlMs <= 0 || generation !== this.drops) return;
    const until = Math.min(this.now() + this.options.ttlMs, notAfter);
    if (until <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { user, until });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Forgets every entry of the user (a session ended, the account was disabled or changed). */
  dropUser(userId: string): void {
    this.drops += 1;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** Believed again (the LISTEN is up), from empty: whatever ended meanwhile was not heard. */
  trust(): void {
    this.clear();
    this.isTrusted = true;
  }

  /** Not believed (the LISTEN is down or the app is closing): every lookup reads the database. */
  distrust(): void {
    this.isTrusted = false;
    this.clear();
  }

  private clear(): void {
    this.drops += 1;
    this.entries.clear();
  }
}
