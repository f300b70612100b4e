import { describe, expect, it } from 'vitest';
import { buildApiUrl } from './url';

describe('buildApiUrl', () => {
  it('joins base and path whatever the slashes', () => {
    expect(buildApiUrl('http://api:3001/', '/healthz')).toBe('http://api:3001/healthz');
    expect(buildApiUrl('http://api:3001', '/healthz')).toBe('http://api:3001/healthz');
  });
  it('serialises query objects as JSON without empty conditions', () => {
    const url = new URL(
      buildApiUrl('http://api', '/marketplace/api/event/event-lots', {
        pageSize: 30,
        pageNumber: 2,
        esQuery: {
          params: [
            { field: 'status', op: 'in', value: ['Active'] },
            { field: 'eventId', op: 'eq', value: '' },
            { field: '_id', op: 'in', value: [] },
          ],
        },
      }),
    );
    expect(url.searchParams.get('pageSize')).toBe('30');
    expect(url.searchParams.get('pageNumber')).toBe('2');
    expect(JSON.parse(url.searchParams.get('esQuery') ?? '')).toEqual({
      operator: 'and',
      params: [{ field: 'status', op: 'in', value: ['Active'] }],
    });
  });
  it('repeats list parameters and leaves out missing ones', () => {
    expect(buildApiUrl('http://api', '/x', { 'ids[]': ['a', 'b'], skip: undefined, none: null, flag: true })).toBe(
      'http://api/x?ids%5B%5D=a&ids%5B%5D=b&flag=true',
    );
  });
});
