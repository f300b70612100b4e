import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formErrorOf, LotCheckbox, LotTextArea } from './lot-fields';

const none = {};

describe('the lot form shows every field error', () => {
  it('the description marks its error and names it', () => {
    const html = renderToStaticMarkup(
      <LotTextArea
        name="description"
        label="Description"
        rows={5}
        values={{ description: 'x' }}
        errors={{ description: 'The description can be at most 20000 characters long.' }}
        locks={none}
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="lot-description-error"');
    expect(html).toContain('id="lot-description-error"');
    expect(html).toContain('The description can be at most 20000 characters long.');
  });

  it('a checkbox marks its error and names it; without one it is plain', () => {
    const html = renderToStaticMarkup(
      <LotCheckbox
        name="bestOfferEnabled"
        label="Accept best offers"
        values={none}
        errors={{ bestOfferEnabled: 'Best offers are for buy-it-now items.' }}
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="lot-bestOfferEnabled-error"');
    expect(html).toContain('Best offers are for buy-it-now items.');
    const plain = renderToStaticMarkup(
      <LotCheckbox name="managedShipping" label="Managed" values={none} errors={none} />,
    );
    expect(plain).not.toContain('aria-invalid');
  });

  it('a field error no control shows becomes the form error, after the API’s own', () => {
    const controls = new Set(['number', 'name']);
    const errors = {
      number: 'Taken.',
      lot: 'The lot has closed (Sold): it can no longer change.',
      'lots[1].photos': 'No photo.',
    };
    expect(formErrorOf(undefined, errors, controls)).toBe(
      'The lot has closed (Sold): it can no longer change. No photo.',
    );
    expect(formErrorOf('Refused.', { number: 'Taken.' }, controls)).toBe('Refused.');
    expect(formErrorOf(undefined, { number: 'Taken.' }, controls)).toBeUndefined();
  });
});
