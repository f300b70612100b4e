import { escapeHtml } from '../../../lib/html';
import type { CardField } from './cards';
import { SANDBOX_PREFIX } from './sandbox-provider';

/**
 * The sandbox provider's card page: plain HTML with labelled fields, errors
 * tied to their fields, no script. It is the provider's page, so it looks
 * like one: not Lotline's header and footer.
 */

export interface PageState {
  sessionId: string;
  /** Echoed back after a refusal, except the card number and security code (never sent back). */
  values?: { expiry?: string; name?: string };
  errors?: Partial<Record<CardField, string>>;
  declined?: string;
}

/** The sandbox provider's page look, shared with its onboarding page (payouts/sandbox). */
export const SANDBOX_PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1a2233}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
@media (max-width:30rem){main{margin:0;border-radius:0;min-height:100vh}}
.brand{font-weight:700;color:#4b2ea8;margin:0 0 .25rem}h1{font-size:1.35rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #98a2b3;border-radius:.4rem}
input[aria-invalid=true]{border-color:#b42318}input:focus{outline:3px solid #7a5af8;outline-offset:1px}
.row{display:flex;gap:1rem}.row>div{flex:1}.err{color:#b42318;margin:.25rem 0 0;font-size:.95rem}
.alert{background:#fef3f2;border:1px solid #b42318;color:#912018;padding:.75rem;border-radius:.4rem;font-weight:600}
.actions{display:flex;gap:1rem;align-items:center;margin-top:1.5rem;flex-wrap:wrap}
button{font:inherit;padding:.65rem 1.2rem;border-radius:.4rem;border:1px solid #4b2ea8;cursor:pointer}
.primary{background:#4b2ea8;color:#fff}.secondary{background:#fff;color:#4b2ea8}
.hint{margin-top:1.5rem;font-size:.9rem;color:#475467}code{font-size:.9rem}`;

function field(state: PageState, name: CardField, label: string, attrs: string, value = ''): string {
  const error = state.errors?.[name];
  const id = `card-${name}`;
  const described = error ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
  // After a refusal, the cursor starts where the person has to act (no script needed).
  const firstProblem = (Object.keys(state.errors ?? {})[0] ?? (state.declined ? 'number' : undefined)) === name;
  const focus = firstProblem ? ' autofocus' : '';
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${name}" ${attrs} value="${escapeHtml(value)}"${described}${focus} required>
${error ? `<p class="err" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

export function renderCardPage(state: PageState): string {
  const action = `${SANDBOX_PREFIX}/setup/${encodeURIComponent(state.sessionId)}`;
  const problems = [state.declined, ...Object.values(state.errors ?? {})].filter(Boolean);
  const alert = state.declined
    ? `<div class="alert" role="alert" id="card-declined">${escapeHtml(state.declined)}</div>`
    : problems.length > 0
      ? `<div class="alert" role="alert">Check the card details: ${problems.length === 1 ? 'one field needs' : `${problems.length} fields need`} attention.</div>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Add a card · Lotline Pay sandbox</title><style>${SANDBOX_PAGE_STYLE}</style></head>
<body><main>
<p class="brand">Lotline Pay <span aria-hidden="true">·</span> sandbox</p>
<h1>Add a card</h1>
<p>Your card is saved by the payment provider. Lotline receives only the brand, the last four digits and the expiry date.</p>
${alert}
<form method="post" action="${action}" novalidate>
${field(state, 'number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>
${field(state, 'expiry', 'Expiry (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="9" placeholder="MM / YY"', state.values?.expiry)}
</div><div>
${field(state, 'cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="CVC"')}
</div></div>
${field(state, 'name', 'Name on card', 'autocomplete="cc-name" maxlength="100"', state.values?.name)}
<div class="actions"><button class="primary" type="submit">Save card</button>
<button class="secondary" type="submit" form="cancel-form">Cancel</button></div>
</form>
<form id="cancel-form" method="post" action="${action}/cancel"></form>
<div class="hint"><p>This is a test provider: no real card is charged. Test cards (any future expiry, any 3-digit CVC):</p>
<ul><li><code>4242 4242 4242 4242</code> Visa, saved</li><li><code>5555 5555 5555 4444</code> Mastercard, saved</li>
<li><code>4000 0000 0000 0002</code> declined</li><li><code>4000 0000 0000 0341</code> saved, but holds are declined</li></ul></div>
</main></body></html>`;
}

export function renderMissingPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · Lotline Pay sandbox</title><style>${SANDBOX_PAGE_STYLE}</style></head>
<body><main><p class="brand">Lotline Pay <span aria-hidden="true">·</span> sandbox</p>
<h1>This card form has expired or does not exist</h1><p>Go back to the site and start adding the card again.</p></main></body></html>`;
}
