import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
const redirect = vi.fn((to: string) => {
  throw new Error(`NEXT_REDIRECT ${to}`);
});
vi.mock('./api-call.server', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));
vi.mock('next/navigation', () => ({ redirect: (to: string) => redirect(to) }));

const { signInAction } = await import('./actions');
const { emptyForm } = await import('./form-state');

const signInWith = (next: string) => {
  const form = new FormData();
  form.set('email', 'owner@example.com');
  form.set('password', 'correct horse battery');
  form.set('next', next);
  return signInAction(emptyForm, form);
};

beforeEach(() => {
  redirect.mockClear();
  callApi.mockReset().mockResolvedValue({ ok: true, status: 200, errors: [], data: { user: { id: 'u1' } } });
});

describe('signInAction', () => {
  it.each([
    '/%09/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2e%2e//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
  ])('after a successful sign-in with next=%j, it sends the browser to a page of this site', async (next) => {
    await expect(signInWith(next)).rejects.toThrow('NEXT_REDIRECT');
    expect(callApi).toHaveBeenCalledWith('POST', '/marketplace-api/auth/sign-in', {
      email: 'owner@example.com',
      password: 'correct horse battery',
    });
    expect(redirect).toHaveBeenCalledWith('/marketplace/lots');
  });

  it('follows a next that is a path of this site', async () => {
    await expect(signInWith('/account/watchlist')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith('/account/watchlist');
  });

  it('does not redirect when the sign-in is refused', async () => {
    callApi.mockResolvedValue({
      ok: false,
      status: 401,
      errors: [{ code: 'INVALID_CREDENTIALS', message: 'The e-mail address or password is not correct.' }],
    });
    const state = await signInWith('//evil.example');
    expect(redirect).not.toHaveBeenCalled();
    expect(state.error).toBe('The e-mail address or password is not correct.');
  });
});

describe('signUpAction', () => {
  it('after the uniform sign-up answer, sends the browser to sign in with a "check your e-mail" note', async () => {
    const { signUpAction } = await import('./actions');
    callApi.mockResolvedValue({ ok: true, status: 202, errors: [], data: { sent: true } });
    const form = new FormData();
    form.set('email', 'someone@example.com');
    form.set('password', 'correct horse battery');
    form.set('name', 'Some One');
    await expect(signUpAction(emptyForm, form)).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith('/login?signed-up=1&next=%2Faccount%3Fwelcome%3D1');
  });

  it.each([
    ['/seller/invitations?token=abc', '/login?signed-up=1&next=%2Fseller%2Finvitations%3Ftoken%3Dabc'],
    ['//evil.example/seller', '/login?signed-up=1&next=%2Faccount%3Fwelcome%3D1'],
  ])('with next=%j (an invitation link), signing in returns to a page of this site only', async (next, expected) => {
    const { signUpAction } = await import('./actions');
    callApi.mockResolvedValue({ ok: true, status: 202, errors: [], data: { sent: true } });
    const form = new FormData();
    form.set('email', 'someone@example.com');
    form.set('password', 'correct horse battery');
    form.set('name', 'Some One');
    form.set('next', next);
    await expect(signUpAction(emptyForm, form)).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenLastCalledWith(expected);
    expect(JSON.stringify(callApi.mock.lastCall)).not.toContain('evil');
  });
});
