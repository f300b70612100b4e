import { beforeEach, describe, expect, it, vi } from 'vitest';

const getCurrentUser = vi.fn();
const callApi = vi.fn();
vi.mock('server-only', () => ({}));
vi.mock('../auth/current-user.server', () => ({ getCurrentUser: () => getCurrentUser() }));
vi.mock('../auth/api-call.server', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));

const { loadWatchStates } = await import('./watch-states.server');

beforeEach(() => {
  getCurrentUser.mockReset();
  callApi.mockReset();
});

describe('loadWatchStates', () => {
  it('makes no wishlist look-up for a visitor and sends the toggle to sign-in', async () => {
    getCurrentUser.mockResolvedValue(null);
    const watchOf = await loadWatchStates(['lot_1'], '/marketplace/lots?page=2');
    expect(callApi).not.toHaveBeenCalled();
    expect(watchOf('lot_1')).toEqual({ signedIn: false, loginHref: '/login?next=%2Fmarketplace%2Flots%3Fpage%3D2' });
  });

  it("reads a signed-in user's wishlists of the shown lots in one call", async () => {
    getCurrentUser.mockResolvedValue({ id: 'u 1' });
    callApi.mockResolvedValue({
      ok: true,
      status: 200,
      errors: [],
      data: { wishlists: [{ _id: 'wl_9', documentId: 'lot_2', documentType: 'event-lot' }] },
    });
    const watchOf = await loadWatchStates(['lot_1', 'lot_2', 'lot_1'], '/marketplace/lots');
    expect(callApi).toHaveBeenCalledTimes(1);
    const [method, path] = callApi.mock.calls[0] as [string, string];
    expect(method).toBe('GET');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/marketplace/api/identity/users/u%201/wishlists');
    expect(JSON.parse(url.searchParams.get('dto') ?? '')).toEqual({
      documentId: { in: ['lot_1', 'lot_2'] },
      documentType: 'event-lot',
    });
    expect(watchOf('lot_1')).toEqual({ signedIn: true, wishlistId: null });
    expect(watchOf('lot_2')).toEqual({ signedIn: true, wishlistId: 'wl_9' });
  });

  it('asks nothing when no lot is shown (an empty list would mean "all")', async () => {
    getCurrentUser.mockResolvedValue({ id: 'u1' });
    await loadWatchStates([], '/marketplace/lots');
    expect(callApi).not.toHaveBeenCalled();
  });

  it('shows the toggles as not watched when the look-up fails', async () => {
    getCurrentUser.mockResolvedValue({ id: 'u1' });
    callApi.mockResolvedValue({ ok: false, status: 503, errors: [] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const watchOf = await loadWatchStates(['lot_1'], '/marketplace/lots');
    expect(watchOf('lot_1')).toEqual({ signedIn: true, wishlistId: null });
  });
});
