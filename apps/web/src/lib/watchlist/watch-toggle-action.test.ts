import { beforeEach, describe, expect, it, vi } from 'vitest';

const getCurrentUser = vi.fn();
const callApi = vi.fn();
vi.mock('../auth/current-user.server', () => ({ getCurrentUser: () => getCurrentUser() }));
vi.mock('../auth/api-call.server', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));

const { toggleWatchAction } = await import('./watch-toggle-action');

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const BASE = '/marketplace/api/identity/users/u1/wishlists';

beforeEach(() => {
  getCurrentUser.mockReset().mockResolvedValue({ id: 'u1' });
  callApi.mockReset();
});

describe('toggleWatchAction', () => {
  it('adds the event lot and answers the new entry id', async () => {
    callApi.mockResolvedValue({
      ok: true,
      status: 201,
      errors: [],
      data: { wishlist: { _id: 'wl_1', documentId: 'lot_1', documentType: 'event-lot' } },
    });
    const state = await toggleWatchAction({ wishlistId: null }, form({ documentId: 'lot_1', wishlistId: '' }));
    expect(callApi).toHaveBeenCalledWith('POST', BASE, { documentId: 'lot_1', documentType: 'event-lot' });
    expect(state).toEqual({ wishlistId: 'wl_1' });
  });

  it('removes the entry it names; one already gone counts as removed', async () => {
    callApi.mockResolvedValue({ ok: true, status: 200, errors: [], data: { deleted: true } });
    expect(await toggleWatchAction({ wishlistId: 'wl_1' }, form({ documentId: 'lot_1', wishlistId: 'wl_1' }))).toEqual({
      wishlistId: null,
    });
    expect(callApi).toHaveBeenCalledWith('DELETE', `${BASE}/wl_1`);
    callApi.mockResolvedValue({ ok: false, status: 404, errors: [], error: { code: 'NOT_FOUND', message: 'x' } });
    expect(await toggleWatchAction({ wishlistId: 'wl_1' }, form({ documentId: 'lot_1', wishlistId: 'wl_1' }))).toEqual({
      wishlistId: null,
    });
  });

  it("keeps the state and shows the API's message when the change fails", async () => {
    callApi.mockResolvedValue({
      ok: false,
      status: 404,
      errors: [],
      error: { code: 'NOT_FOUND', message: 'That lot does not exist.' },
    });
    const state = await toggleWatchAction({ wishlistId: null }, form({ documentId: 'gone', wishlistId: '' }));
    expect(state).toEqual({ wishlistId: null, error: 'That lot does not exist.' });
  });

  it('changes nothing without a session or a lot', async () => {
    getCurrentUser.mockResolvedValue(null);
    const signedOut = await toggleWatchAction(
      { wishlistId: 'wl_1' },
      form({ documentId: 'lot_1', wishlistId: 'wl_1' }),
    );
    expect(signedOut).toEqual({
      wishlistId: 'wl_1',
      error: 'Your session has ended. Sign in again to change your watchlist.',
    });
    const noLot = await toggleWatchAction({ wishlistId: null }, form({ wishlistId: '' }));
    expect(noLot.error).toBe('This lot can no longer be watched.');
    expect(callApi).not.toHaveBeenCalled();
  });
});
