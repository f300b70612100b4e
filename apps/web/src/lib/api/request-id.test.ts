import { describe, expect, it } from 'vitest';
import { pageRequestId } from './request-id';

describe('pageRequestId', () => {
  it('keeps a short plain id and makes one for anything else', () => {
    expect(pageRequestId(new Headers({ 'x-request-id': 'abc-123.x:9_Z' }))).toBe('abc-123.x:9_Z');
    for (const bad of ['', 'has space', 'a'.repeat(129), 'line\\nbreak', 'quote"']) {
      expect(pageRequestId(new Headers({ 'x-request-id': bad }))).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(pageRequestId(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
