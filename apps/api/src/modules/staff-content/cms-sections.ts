import {
  type CmsSectionDraft,
  type CmsSectionPatch,
  FILLER_SECTION_TYPES,
  type FillerSection,
  type StaffCmsSection,
} from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { cmsSections } from '@lotline/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { fillSection } from '../search/fillers';

const columns = {
  _id: cmsSections.id,
  type: cmsSections.type,
  label: cmsSections.label,
  text: cmsSections.text,
  seeMoreUrl: cmsSections.seeMoreUrl,
  position: cmsSections.position,
  active: cmsSections.active,
  onHome: cmsSections.onHome,
  config: cmsSections.config,
};
type Row = Awaited<ReturnType<typeof selectSections>>[number];

const isFiller = inArray(cmsSections.type, [...FILLER_SECTION_TYPES]);

function selectSections(db: Executor) {
  return db.select(columns).from(cmsSections).where(isFiller).orderBy(asc(cmsSections.position), asc(cmsSections.id));
}

function toStaff({ config, ...row }: Row): StaffCmsSection {
  return {
    ...row,
    type: row.type as StaffCmsSection['type'],
    lotIds: config.lotIds ?? [],
    catalogProductIds: config.catalogProductIds ?? [],
  };
}

/** The filler sections and home rows, visible or not, by position (the featured sellers have their own page). */
export async function listStaffCmsSections(db: Database): Promise<StaffCmsSection[]> {
  return (await selectSections(db)).map(toStaff);
}

async function requireSection(db: Executor, sectionId: string, lock: boolean): Promise<Row> {
  const query = db
    .select(columns)
    .from(cmsSections)
    .where(and(eq(cmsSections.id, sectionId), isFiller));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('No such section.');
  return row;
}

export async function getStaffCmsSection(db: Database, sectionId: string): Promise<StaffCmsSection> {
  return toStaff(await requireSection(db, sectionId, false));
}

/**
 * Staff edit a section (decision 0084): title, text, link, the lots or catalog
 * products it shows in order (empty: the type's own choice), its position,
 * whether it shows at all and whether it is also a home-page row. The row is
 * locked; the audit entry holds the section before and after. Sending what it
 * already has records nothing.
 */
export async function updateCmsSection(
  db: Database,
  actorId: string,
  sectionId: string,
  patch: CmsSectionPatch,
): Promise<StaffCmsSection> {
  return db.transaction(async (tx) => {
    const row = await requireSection(tx, sectionId, true);
    const before = toStaff(row);
    const { lotIds, catalogProductIds, ...fields } = patch;
    const config = { ...row.config };
    if (lotIds !== undefined) config.lotIds = lotIds;
    if (catalogProductIds !== undefined) config.catalogProductIds = catalogProductIds;
    const after = toStaff({ ...row, ...fields, config });
    if (JSON.stringify(after) === JSON.stringify(before)) return before;
    await tx
      .update(cmsSections)
      .set({ ...fields, config })
      .where(eq(cmsSections.id, sectionId));
    await recordAudit(tx, {
      actorId,
      action: 'content.section',
      targetType: 'cms-section',
      targetId: sectionId,
      before,
      after,
    });
    return after;
  });
}

/**
 * The section as the home page would render it with `draft` applied, without
 * saving anything: the same fill the pages use. A draft that finds no cards
 * answers an empty row (the pages would leave it out).
 */
export async function previewCmsSection(
  db: Database,
  sectionId: string,
  draft: CmsSectionDraft,
  flags: FeatureOverrides,
): Promise<FillerSection> {
  const row = await requireSection(db, sectionId, false);
  const config = { ...row.config, lotIds: draft.lotIds, catalogProductIds: draft.catalogProductIds };
  const draftRow = {
    id: row._id,
    type: row.type,
    label: draft.label,
    text: draft.text,
    seeMoreUrl: draft.seeMoreUrl,
    config,
  };
  const filled = await fillSection(db, draftRow, undefined, new Date(), flags);
  if (filled) return filled;
  const type = row.type as FillerSection['type'];
  const text = draft.text ? { text: draft.text } : {};
  return { _id: row._id, type, label: draft.label.toUpperCase(), ...text, seeMoreUrl: draft.seeMoreUrl, lots: [] };
}
