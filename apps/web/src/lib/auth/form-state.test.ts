import { signUpBody } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formValues } from './form-state';

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
});
