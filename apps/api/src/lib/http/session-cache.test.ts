import { describe, expect, it } from 'vitest';
import { SessionCache, sessionCacheKey } from './session-cache';
import { endedUserId } from './session-ends';

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id, emailVerified: true });
const FAR = Number.MAX_SAFE_INTEGER;

function cache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const c = new SessionCache({
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: options.maxEntries ?? 10,
    now: () => clock.now,
  });
  c.trust();
  return { c, clock };
}

describe('SessionCache (decision 0100)', () => {
  it('answers an entry until its TTL, and never past the session renewal it was given', () => {
    const { c, clock } = cache();
    c.set('k', user('pat'), FAR, c.generation);
    c.set('r', user('sam'), clock.now + 1_000, c.generation);
    clock.now += 999;
    expect(c.get('k')?.id).toBe('pat');
    expect(c.get('r')?.id).toBe('sam');
    clock.now += 1;
    expect(c.get('r')).toBeUndefined();
    clock.now += 4_000;
    expect(c.get('k')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const { c } = cache({ maxEntries: 2 });
    c.set('a', user('a'), FAR, c.generation);
    c.set('b', user('b'), FAR, c.generation);
    c.get('a');
    c.set('c', user('c'), FAR, c.generation);
    expect([c.get('a')?.id, c.get('b'), c.get('c')?.id]).toEqual(['a', undefined, 'c']);
  });

  it("dropUser forgets the user's entries and refuses a store from a lookup that began before it", () => {
    const { c } = cache();
    c.set('one', user('pat'), FAR, c.generation);
    c.set('two', user('pat'), FAR, c.generation);
    c.set('other', user('sam'), FAR, c.generation);
    const before = c.generation;
    c.dropUser('pat');
    expect([c.get('one'), c.get('two'), c.get('other')?.id]).toEqual([undefined, undefined, 'sam']);
    c.set('one', user('pat'), FAR, before);
    expect(c.get('one')).toBeUndefined();
    c.set('one', user('pat'), FAR, c.generation);
    expect(c.get('one')?.id).toBe('pat');
  });

  it('answers and stores nothing while distrusted, and starts empty when trusted again', () => {
    const { c } = cache();
    c.set('k', user('pat'), FAR, c.generation);
    c.distrust();
    expect(c.trusted).toBe(false);
    expect(c.get('k')).toBeUndefined();
    c.set('k', user('pat'), FAR, c.generation);
    c.trust();
    expect(c.get('k')).toBeUndefined();
    const fresh = new SessionCache({ ttlMs: 5_000, maxEntries: 10 });
    fresh.set('k', user('pat'), FAR, fresh.generation);
    expect(fresh.get('k')).toBeUndefined();
  });

  it('stores nothing with a TTL of 0', () => {
    const { c } = cache({ ttlMs: 0 });
    c.set('k', user('pat'), FAR, c.generation);
    expect(c.get('k')).toBeUndefined();
  });

  it('keys by a hash of the cookies, never the token itself', () => {
    const key = sessionCacheKey('lotline.session_token=secret-token.sig');
    expect(key).not.toContain('secret');
    expect(key).toBe(sessionCacheKey('lotline.session_token=secret-token.sig'));
    expect(key).not.toBe(sessionCacheKey('lotline.session_token=secret-token.sig; other=1'));
  });

  it('reads a notification user id and nothing else', () => {
    expect(endedUserId('{"userId":"usr_1"}')).toBe('usr_1');
    for (const bad of [undefined, '', 'usr_1', '{"userId":7}', '{"userId":""}', `{"userId":"${'x'.repeat(201)}"}`]) {
      expect(endedUserId(bad)).toBeUndefined();
    }
  });
});
