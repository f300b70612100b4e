import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../lib/api/errors';

vi.mock('server-only', () => ({}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
}));
const apiGet = vi.fn();
vi.mock('../../../../../lib/api/api.server', () => ({ apiGet: (...args: unknown[]) => apiGet(...args) }));

const { loadEvent } = await import('./event-data.server');

describe('loadEvent', () => {
  beforeEach(() => {
    apiGet.mockReset();
  });

  it.each([
    [404, 'NOT_FOUND'],
    [400, 'VALIDATION_FAILED'],
  ])('shows the 404 page when the API answers %i (e.g. an id holding a NUL, decision 0028)', async (status, code) => {
    apiGet.mockRejectedValue(new ApiError(code, 'no', status, 'eventId'));
    await expect(loadEvent(`\u0000-${status}`)).rejects.toThrow('NEXT_NOT_FOUND');
  });

  it('lets other failures through to the error page', async () => {
    apiGet.mockRejectedValue(new ApiError('INTERNAL', 'boom', 500));
    await expect(loadEvent('evt_500')).rejects.toThrow('boom');
  });
});
