import { eventLotQuery, serializeQueryObject } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { buildBrowseEsQuery } from './es-query';

describe('buildBrowseEsQuery', () => {
  it('restricts the listing to active lots', () => {
    expect(buildBrowseEsQuery()).toEqual({
      operator: 'and',
      params: [{ field: 'status', op: 'in', value: ['Active'] }],
    });
  });
  it('passes the API validation of esQuery', () => {
    const wire = JSON.parse(serializeQueryObject(buildBrowseEsQuery())) as unknown;
    expect(eventLotQuery.safeParse(wire).success).toBe(true);
  });
});
