'use server';

import { cmsSectionDraft, cmsSectionPatchBody, featuredSellersBody, termsVersionBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { applyListOp, STAFF_FEATURED_SELLERS_PATH, STAFF_TERMS_PATH, staffSectionPath } from './content';

/**
 * The staff content pages' actions (decision 0084). They keep no state of
 * their own: a draft lives in the page's URL until it is saved, so every
 * button works without scripts and the back button undoes a step. The API
 * checks who may.
 */

const withParams = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** The featured sellers form: move up or down, remove, add (the draft in the URL), or save it. */
export async function featuredSellersAction(form: FormData): Promise<void> {
  const ids = form.getAll('companyId').map(String);
  const op = String(form.get('op') ?? '');
  if (op !== 'save') {
    const next = applyListOp(ids, op, String(form.get('addId') ?? ''));
    redirect(withParams(STAFF_FEATURED_SELLERS_PATH, { draft: next.join(',') }));
  }
  const parsed = featuredSellersBody.safeParse({ companyIds: ids });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Not a valid list.';
    redirect(withParams(STAFF_FEATURED_SELLERS_PATH, { draft: ids.join(','), error }));
  }
  const answer = await callApi('PUT', '/marketplace-api/staff/featured-sellers', parsed.data);
  if (!answer.ok) {
    const error = answer.error?.message ?? 'The featured sellers were not saved. Try again.';
    redirect(withParams(STAFF_FEATURED_SELLERS_PATH, { draft: ids.join(','), error }));
  }
  revalidatePath('/');
  redirect(withParams(STAFF_FEATURED_SELLERS_PATH, { saved: '1' }));
}

const idsOf = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);

/** The section form's fields, as the API takes them. */
function sectionFields(form: FormData) {
  const link = String(form.get('seeMoreUrl') ?? '').trim();
  return {
    label: String(form.get('label') ?? ''),
    text: String(form.get('text') ?? ''),
    seeMoreUrl: link === '' ? null : link,
    lotIds: idsOf(form.get('lotIds')),
    catalogProductIds: idsOf(form.get('catalogProductIds')),
  };
}

/** The form as typed, for the page to show again (after a preview or a refusal). */
function draftParam(form: FormData): string {
  const keys = ['label', 'text', 'seeMoreUrl', 'lotIds', 'catalogProductIds', 'position'] as const;
  const draft: Record<string, string> = {};
  for (const key of keys) draft[key] = String(form.get(key) ?? '');
  draft.active = form.get('active') === 'on' ? 'on' : '';
  draft.onHome = form.get('onHome') === 'on' ? 'on' : '';
  return JSON.stringify(draft);
}

/** Preview: the page renders the draft as the home page would (nothing is saved). Save: the API stores it. */
export async function sectionAction(form: FormData): Promise<void> {
  const sectionId = String(form.get('sectionId') ?? '');
  const path = staffSectionPath(sectionId);
  const draft = draftParam(form);
  if (form.get('op') === 'preview') {
    const parsed = cmsSectionDraft.safeParse(sectionFields(form));
    const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
    redirect(withParams(path, { draft, preview: '1', ...(error ? { error } : {}) }));
  }
  const position = String(form.get('position') ?? '').trim();
  const parsed = cmsSectionPatchBody.safeParse({
    ...sectionFields(form),
    position: /^\d+$/.test(position) ? Number(position) : position,
    active: form.get('active') === 'on',
    onHome: form.get('onHome') === 'on',
  });
  if (!parsed.success) redirect(withParams(path, { draft, error: parsed.error.issues[0]?.message ?? 'Not valid.' }));
  const answer = await callApi(
    'PATCH',
    `/marketplace-api/staff/cms-sections/${encodeURIComponent(sectionId)}`,
    parsed.data,
  );
  if (!answer.ok) redirect(withParams(path, { draft, error: answer.error?.message ?? 'The section was not saved.' }));
  revalidatePath('/');
  redirect(withParams(path, { saved: '1' }));
}

/** Publishes the next version of the Terms of Use. */
export async function publishTermsAction(form: FormData): Promise<void> {
  const basedOn = Number(form.get('basedOn'));
  const parsed = termsVersionBody.safeParse({ markdown: String(form.get('markdown') ?? ''), basedOn });
  if (!parsed.success)
    redirect(withParams(STAFF_TERMS_PATH, { error: parsed.error.issues[0]?.message ?? 'Not valid.' }));
  const answer = await callApi<{ version: { number: number } }>(
    'POST',
    '/marketplace-api/staff/terms-versions',
    parsed.data,
  );
  if (!answer.ok)
    redirect(withParams(STAFF_TERMS_PATH, { error: answer.error?.message ?? 'The terms were not published.' }));
  revalidatePath('/marketplace/legal/terms-of-use');
  redirect(withParams(STAFF_TERMS_PATH, { published: String(answer.data?.version.number ?? '') }));
}
