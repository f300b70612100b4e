import {
  cmsSectionDraft,
  cmsSectionPreviewResponse,
  type FillerSection,
  type StaffCmsSection,
  staffCmsSectionResponse,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FillerSections } from '../../../../../components/filler-sections/filler-sections';
import page from '../../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../../components/forms/form-messages';
import forms from '../../../../../components/forms/forms.module.css';
import { callApi } from '../../../../../lib/auth/api-call.server';
import { STAFF_SECTIONS_PATH, staffSectionPath } from '../../../../../lib/staff/content';
import { sectionAction } from '../../../../../lib/staff/content-actions';
import styles from '../../content.module.css';
import { one, requireStaffPage } from '../../staff-page.server';

export const metadata: Metadata = { title: 'Edit a section' };

type Values = Record<
  'label' | 'text' | 'seeMoreUrl' | 'lotIds' | 'catalogProductIds' | 'position' | 'active' | 'onHome',
  string
>;

const valuesOf = (section: StaffCmsSection): Values => ({
  label: section.label,
  text: section.text,
  seeMoreUrl: section.seeMoreUrl ?? '',
  lotIds: section.lotIds.join('\n'),
  catalogProductIds: section.catalogProductIds.join('\n'),
  position: String(section.position),
  active: section.active ? 'on' : '',
  onHome: section.onHome ? 'on' : '',
});

/** The draft the form sent back (a preview or a refused save), else undefined. */
function draftOf(raw: string, saved: Values): Values | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out = { ...saved };
    for (const key of Object.keys(out) as (keyof Values)[]) {
      if (typeof parsed[key] === 'string') out[key] = (parsed[key] as string).slice(0, 5000);
    }
    return out;
  } catch {
    return undefined;
  }
}

const idsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The draft rendered by the API exactly as the pages fill a section; null when the draft is not valid. */
async function previewOf(sectionId: string, values: Values): Promise<FillerSection | null> {
  const draft = cmsSectionDraft.safeParse({
    label: values.label,
    text: values.text,
    seeMoreUrl: values.seeMoreUrl.trim() === '' ? null : values.seeMoreUrl.trim(),
    lotIds: idsOf(values.lotIds),
    catalogProductIds: idsOf(values.catalogProductIds),
  });
  if (!draft.success) return null;
  const answer = await callApi<unknown>(
    'POST',
    `/marketplace-api/staff/cms-sections/${encodeURIComponent(sectionId)}/preview`,
    draft.data,
  );
  const parsed = cmsSectionPreviewResponse.safeParse(answer.data);
  return answer.ok && parsed.success ? parsed.data.section : null;
}

/**
 * Staff only (decision 0084): one filler section's title, text, link, lots or
 * catalog products, position, and where it shows. Preview renders the form's
 * values as the home page would, saving nothing; Save stores them.
 */
export default async function StaffSectionPage({
  params,
  searchParams,
}: {
  params: Promise<{ sectionId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { sectionId } = await params;
  await requireStaffPage(staffSectionPath(sectionId));
  const query = await searchParams;
  const answer = await callApi<unknown>('GET', `/marketplace-api/staff/cms-sections/${encodeURIComponent(sectionId)}`);
  if (answer.status === 404) notFound();
  const parsed = staffCmsSectionResponse.safeParse(answer.data);
  if (!answer.ok || !parsed.success) {
    return (
      <div className={`${page.page} ${page.wide}`}>
        <h1 className={page.title}>Edit a section</h1>
        <FormMessages error="The section could not be loaded. Reload the page." />
      </div>
    );
  }
  const section = parsed.data.section;
  const saved = valuesOf(section);
  const values = draftOf(one(query.draft), saved) ?? saved;
  const error = one(query.error);
  const preview = one(query.preview) && !error ? await previewOf(section._id, values) : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={STAFF_SECTIONS_PATH}>All sections</a>
      </p>
      <h1 className={page.title}>Edit “{section.label}”</h1>
      <p>Type: {section.type}. Without chosen lots (or catalog products), the type chooses what the row shows.</p>
      <FormMessages
        error={error || undefined}
        success={one(query.saved) ? 'Saved: the home and browse pages show it now.' : undefined}
      />
      {preview ? (
        <section aria-labelledby="preview-title" className={styles.preview}>
          <h2 id="preview-title">Preview (not saved)</h2>
          {(preview.lots ?? []).length + (preview.catalogProducts ?? []).length === 0 ? (
            <p>No lots to show: the pages leave this section out until it has some.</p>
          ) : null}
          <FillerSections sections={[preview]} now={Date.now()} />
        </section>
      ) : null}
      <form action={sectionAction} className={forms.form} aria-label="Section">
        <input type="hidden" name="sectionId" value={section._id} />
        <div className={forms.field}>
          <label htmlFor="section-label" className={forms.label}>
            Title
          </label>
          <input
            id="section-label"
            name="label"
            className={forms.input}
            defaultValue={values.label}
            maxLength={80}
            required
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="section-text" className={forms.label}>
            Text under the title (optional)
          </label>
          <textarea
            id="section-text"
            name="text"
            className={forms.input}
            defaultValue={values.text}
            maxLength={500}
            rows={2}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="section-link" className={forms.label}>
            “See More” link (optional)
          </label>
          <input
            id="section-link"
            name="seeMoreUrl"
            className={forms.input}
            defaultValue={values.seeMoreUrl}
            maxLength={500}
            aria-describedby="section-link-hint"
          />
          <span id="section-link-hint" className={forms.hint}>
            A path on this site, such as /marketplace/lots?sort=recent, or an http(s) address.
          </span>
        </div>
        <div className={forms.field}>
          <label htmlFor="section-lots" className={forms.label}>
            Lots to show, in order (lot ids, one a line)
          </label>
          <textarea id="section-lots" name="lotIds" className={forms.input} defaultValue={values.lotIds} rows={4} />
        </div>
        <div className={forms.field}>
          <label htmlFor="section-products" className={forms.label}>
            Catalog products to show, in order (ids, one a line)
          </label>
          <textarea
            id="section-products"
            name="catalogProductIds"
            className={forms.input}
            defaultValue={values.catalogProductIds}
            rows={2}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="section-position" className={forms.label}>
            Position (lower comes first)
          </label>
          <input
            id="section-position"
            name="position"
            type="number"
            min={0}
            max={1000}
            className={forms.input}
            defaultValue={values.position}
          />
        </div>
        <label className={forms.choice}>
          <input type="checkbox" name="active" defaultChecked={values.active === 'on'} /> Visible on the browse pages
        </label>
        <label className={forms.choice}>
          <input type="checkbox" name="onHome" defaultChecked={values.onHome === 'on'} /> Also a row of the home page
        </label>
        <p className={styles.actions}>
          <button type="submit" name="op" value="preview" className="button-secondary">
            Preview
          </button>
          <button type="submit" name="op" value="save" className="button">
            Save
          </button>
        </p>
      </form>
    </div>
  );
}
