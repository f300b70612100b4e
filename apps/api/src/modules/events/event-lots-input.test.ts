import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const PATH = '/marketplace/api/event/event-lots';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
const esq = (params: unknown[], extra: Record<string, unknown> = {}) => `esQuery=${enc({ params, ...extra })}`;

async function rejected(qs: string) {
  const res = await t.app.inject({ method: 'GET', url: `${PATH}?${qs}` });
  expect(res.statusCode, res.body).toBe(400);
  const body = errorEnvelope.parse(res.json());
  expect(body.errors.every((e) => e.code === 'VALIDATION_FAILED')).toBe(true);
  return body.errors;
}

describe('GET event-lots rejects malformed input with 400 VALIDATION_FAILED', () => {
  it.each([
    ['esQuery is not JSON', `esQuery=${enc('{"params": [')}`, 'esQuery'],
    ['esQuery is JSON but not an object', `esQuery=${enc('[1,2]')}`, 'esQuery'],
    ['unknown field', esq([{ field: 'price', op: 'eq', value: 1 }]), 'esQuery.params.0.field'],
    ['unknown operator', esq([{ field: '_id', op: 'like', value: 'x' }]), 'esQuery.params.0.op'],
    ['unknown key in a condition', esq([{ field: '_id', op: 'eq', value: 'x', boost: 2 }]), 'esQuery.params.0.boost'],
    ['unknown key in the query object', esq([], { sort: 'endedAt' }), 'esQuery.sort'],
    ['bad operator join', esq([], { operator: 'xor' }), 'esQuery.operator'],
    ['in with a single value', esq([{ field: '_id', op: 'in', value: 'x' }]), 'esQuery.params.0.value'],
    ['eq with a list', esq([{ field: '_id', op: 'eq', value: ['x'] }]), 'esQuery.params.0.value'],
    ['exists with a string', esq([{ field: 'mp2Id', op: 'exists', value: 'yes' }]), 'esQuery.params.0.value'],
    ['a number for a text field', esq([{ field: 'number', op: 'eq', value: 12 }]), 'esQuery.params.0.value'],
    ['an object as value', esq([{ field: '_id', op: 'eq', value: { $ne: 1 } }]), 'esQuery.params.0.value'],
    ['a NUL character in a value', esq([{ field: '_id', op: 'eq', value: 'lot\u0000' }]), 'esQuery.params.0.value'],
    [
      'a NUL character in a list',
      esq([{ field: '_id', op: 'in', value: ['a', '\u0000'] }]),
      'esQuery.params.0.value.1',
    ],
    [
      'an invalid date',
      esq([
        { field: '_id', op: 'eq', value: 'a' },
        { field: 'endedAt', op: 'gte', value: '2026-02-30' },
      ]),
      'esQuery.params.1.value',
    ],
    [
      'a date without a zone',
      esq([{ field: 'createdAt', op: 'lt', value: '2026-01-01T10:00:00' }]),
      'esQuery.params.0.value',
    ],
    [
      'a bad date in a list',
      esq([{ field: 'endedAt', op: 'in', value: ['2026-01-01', 'soon'] }]),
      'esQuery.params.0.value.1',
    ],
    ['an unknown status', esq([{ field: 'status', op: 'eq', value: 'archived' }]), 'esQuery.params.0.value'],
    [
      'an unknown lot type',
      esq([{ field: 'type', op: 'in', value: ['AuctionLot', 'Raffle'] }]),
      'esQuery.params.0.value.1',
    ],
    ['an ordering operator on status', esq([{ field: 'status', op: 'gt', value: 'Active' }]), 'esQuery.params.0.op'],
    [
      'an ordering operator on the category path',
      esq([{ field: 'productCategory.pathId', op: 'lt', value: 'c' }]),
      'esQuery.params.0.op',
    ],
    ['params not a list', `esQuery=${enc({ params: { field: '_id' } })}`, 'esQuery.params'],
    ['pageSize 0', 'pageSize=0', 'pageSize'],
    ['pageSize 101', 'pageSize=101', 'pageSize'],
    ['pageSize abc', 'pageSize=abc', 'pageSize'],
    ['pageSize -1', 'pageSize=-1', 'pageSize'],
    ['pageSize 1.5', 'pageSize=1.5', 'pageSize'],
    ['pageNumber 0', 'pageNumber=0', 'pageNumber'],
    ['pageNumber huge', 'pageNumber=99999999999999999999', 'pageNumber'],
    ['a repeated parameter', 'pageSize=10&pageSize=20', 'pageSize'],
    ['an unknown query parameter', 'sort=endedAt', 'sort'],
    [
      'a huge esQuery',
      `esQuery=${enc({ params: [{ field: '_id', op: 'eq', value: 'x'.repeat(30_000) }] })}`,
      'esQuery',
    ],
    ['a huge value', esq([{ field: '_id', op: 'eq', value: 'x'.repeat(5_000) }]), 'esQuery.params.0.value'],
    [
      'too many conditions',
      esq(Array.from({ length: 51 }, () => ({ field: '_id', op: 'eq', value: 'x' }))),
      'esQuery.params',
    ],
  ])('%s', async (_name, qs, field) => {
    const errors = await rejected(qs);
    expect(errors.map((e) => e.field)).toContain(field);
  });

  it('reports several problems at once, one item each', async () => {
    const errors = await rejected(`pageSize=0&pageNumber=0&bogus=1&${esq([{ field: 'nope', op: 'eq', value: 'x' }])}`);
    expect(errors.map((e) => e.field).sort()).toEqual(['bogus', 'esQuery.params.0.field', 'pageNumber', 'pageSize']);
  });

  it('keeps messages short even when the input is huge', async () => {
    const errors = await rejected(esq([{ field: 'f'.repeat(10_000), op: 'eq', value: 'x' }]));
    for (const e of errors) expect(e.message.length).toBeLessThanOrEqual(301);
  });

  it('accepts the edges of the valid ranges', async () => {
    for (const qs of [
      'pageSize=1',
      'pageSize=100',
      'pageNumber=10000',
      esq([{ field: 'status', op: 'eq', value: null }]),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${PATH}?${qs}` });
      expect(res.statusCode, qs).toBe(200);
    }
  });
});
