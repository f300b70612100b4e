import { escapeHtml } from '../../../lib/html';
import { SANDBOX_PAGE_STYLE } from '../../payments/sandbox/page';
import { SANDBOX_CONNECT_PREFIX } from './sandbox-connect';

/**
 * The sandbox's onboarding page (decision 0090), where Stripe would show its Express onboarding: plain HTML, no
 * script, the provider's look (not Lotline's header and footer). The person picks how the onboarding ends, so
 * both account states can be tried without Stripe.
 */
export function renderOnboardingPage(linkId: string, accountId: string): string {
  const action = `${SANDBOX_CONNECT_PREFIX}/${encodeURIComponent(linkId)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up payouts · Lotline Pay sandbox</title><style>${SANDBOX_PAGE_STYLE}</style></head>
<body><main>
<p class="brand">Lotline Pay <span aria-hidden="true">·</span> sandbox</p>
<h1>Set up payouts</h1>
<p>Account <code>${escapeHtml(accountId)}</code>. With a real provider you would give your business and bank details here.</p>
<form method="post" action="${action}">
<fieldset><legend>How should onboarding end?</legend>
<label><input type="radio" name="outcome" value="verified" checked> Verified: payouts enabled</label>
<label><input type="radio" name="outcome" value="restricted"> Details submitted, but payouts stay disabled</label>
</fieldset>
<div class="actions"><button class="primary" type="submit">Finish onboarding</button>
<button class="secondary" type="submit" form="leave-form">Return without finishing</button></div>
</form>
<form id="leave-form" method="post" action="${action}/leave"></form>
<div class="hint"><p>This is a test provider: no real money is ever paid to this account. Lotline staff record each payout.</p></div>
</main></body></html>`;
}

export function renderMissingLinkPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · Lotline Pay sandbox</title><style>${SANDBOX_PAGE_STYLE}</style></head>
<body><main><p class="brand">Lotline Pay <span aria-hidden="true">·</span> sandbox</p>
<h1>This onboarding link does not exist</h1><p>Go back to the seller console and connect the payout account again.</p></main></body></html>`;
}
