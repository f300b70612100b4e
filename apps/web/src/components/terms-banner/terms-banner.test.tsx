import type { Me, TermsAgreementState } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The layout's reads, replaced: who is signed in and what the API answers about their agreement.
let user: Me | null;
let state: TermsAgreementState | null;
vi.mock('../../lib/auth/current-user.server', () => ({ getCurrentUser: async () => user }));
vi.mock('../../lib/content/terms-state.server', () => ({ loadTermsState: async () => state }));

const { TermsBanner } = await import('./terms-banner');

const render = async () => {
  const banner = await TermsBanner();
  return banner ? renderToStaticMarkup(banner) : '';
};

/**
 * The site-wide banner of decision 0089: a signed-in person behind the Terms of Use in force is asked, on every
 * page, to agree on the Terms page; the API's answer decides (apps/api staff-content/terms.test.ts).
 */
describe('the Terms of Use banner', () => {
  beforeEach(() => {
    user = { id: 'u_1', email: 'pat@example.com', name: 'Pat', roles: [], verified: true };
    state = { currentVersion: 3, agreed: false };
  });

  it('asks a person who has not agreed to the version in force, in a named region with a link to the Terms page', async () => {
    const html = await render();
    expect(html).toMatch(/^<section aria-label="Terms of Use changed"/);
    expect(html.replace(/<[^>]+>/g, '')).toBe(
      'Our Terms of Use have changed (version 3). Review and agree to them to continue bidding.',
    );
    expect(html).toContain('<a href="/marketplace/legal/terms-of-use">Review and agree to them</a>');
  });

  it('shows nothing once they agreed, to a visitor, or when the read fails', async () => {
    state = { currentVersion: 3, agreed: true };
    expect(await render()).toBe('');
    state = null;
    expect(await render()).toBe('');
    user = null;
    state = { currentVersion: 3, agreed: false };
    expect(await render()).toBe('');
  });
});
