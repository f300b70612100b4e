import { signUpBody } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formValues, safeNextPath } from './form-state';

describe('form helpers', () => {
  it('keeps one message per field, from the shared contract schema', () => {
    const parsed = signUpBody.safeParse({ email: 'nope', password: 'short', name: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsOf(parsed.error)).toEqual({
      email: 'Enter a valid e-mail address, like name@company.com.',
      password: 'Use at least 10 characters for your password.',
      name: 'Enter your name.',
    });
  });

  it('echoes only the listed fields', () => {
    const form = new FormData();
    form.set('email', 'a@example.com');
    form.set('password', 'secret secret');
    expect(formValues(form, ['email', 'name'])).toEqual({ email: 'a@example.com' });
  });

  it.each([
    ['/account', '/account'],
    ['/marketplace/lots?page=2', '/marketplace/lots?page=2'],
    ['//evil.example', '/marketplace/lots'],
    ['/\\evil.example', '/marketplace/lots'],
    ['https://evil.example', '/marketplace/lots'],
    [undefined, '/marketplace/lots'],
  ])('safeNextPath(%j) is %j', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});
