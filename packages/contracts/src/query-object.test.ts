import { describe, expect, it } from 'vitest';
import { eventLotQuery } from './catalog';
import { isIsoDateString, jsonQueryParam, serializeQueryObject } from './query-object';

describe('isIsoDateString', () => {
  it.each(['2026-11-21', '2026-11-21T00:00:00Z', '2026-11-21T10:30Z', '2026-11-21T10:30:00.123+02:00', '2024-02-29'])(
    'accepts %s',
    (v) => expect(isIsoDateString(v)).toBe(true),
  );
  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-11-21T10:00:00',
    '2026-11-21T24:00:00Z',
    'tomorrow',
    '1700000000',
    '',
  ])('rejects %s', (v) => expect(isIsoDateString(v)).toBe(false));
});

describe('typed query objects', () => {
  it('reports a bad value at the index the client sent, even after empty conditions', () => {
    const r = eventLotQuery.safeParse({
      params: [
        { field: 'eventId', op: 'eq', value: '' },
        { field: 'endedAt', op: 'gte', value: 'soon' },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['params.1.value']);
  });

  it('accepts canonical and index statuses and drops empty conditions', () => {
    const r = eventLotQuery.parse({
      params: [
        { field: 'status', op: 'in', value: ['Active', 'order-paid'] },
        { field: '_id', op: 'in', value: [] },
      ],
    });
    expect(r).toEqual({ operator: 'and', params: [{ field: 'status', op: 'in', value: ['Active', 'order-paid'] }] });
  });

  it('limits enum fields to equality operators', () => {
    const r = eventLotQuery.safeParse({ params: [{ field: 'type', op: 'lt', value: 'TenderLot' }] });
    expect(r.error?.issues[0]?.path).toEqual(['params', 0, 'op']);
  });
});

// Note: this file was rewritten by the API engineer; the behaviours below cover
// the original queryObjectSchema / jsonQueryParam / serializeQueryObject too.
describe('query object basics', () => {
  it('defaults the operator, rejects unknown fields, operators and keys', () => {
    expect(eventLotQuery.parse({})).toEqual({ operator: 'and', params: [] });
    const r = eventLotQuery.safeParse({ sort: 1, params: [{ field: 'price', op: 'like', value: 1, x: 1 }] });
    const paths = r.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['', 'params.0.field', 'params.0.op', 'params.0']));
  });

  it('checks list versus single values and exists booleans', () => {
    const issues = (params: unknown[]) => eventLotQuery.safeParse({ params }).error?.issues.map((i) => i.message);
    expect(issues([{ field: '_id', op: 'in', value: 'a' }])?.[0]).toMatch(/list/);
    expect(issues([{ field: '_id', op: 'eq', value: ['a'] }])?.[0]).toMatch(/single/);
    expect(issues([{ field: 'mp2Id', op: 'exists', value: 'yes' }])?.[0]).toMatch(/true or false/);
  });
});

describe('jsonQueryParam and serializeQueryObject', () => {
  it('round-trips through a URL parameter, dropping empty conditions', () => {
    const text = serializeQueryObject({
      params: [
        { field: '_id', op: 'in', value: ['lot_1'] },
        { field: 'eventId', op: 'eq', value: null },
      ],
    });
    expect(JSON.parse(text)).toEqual({ operator: 'and', params: [{ field: '_id', op: 'in', value: ['lot_1'] }] });
    expect(jsonQueryParam(eventLotQuery).parse(text).params).toHaveLength(1);
  });

  it('turns bad JSON into an issue, not a throw', () => {
    const r = jsonQueryParam(eventLotQuery).safeParse('{"params":');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Must be URL-encoded JSON');
  });
});
