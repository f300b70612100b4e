import { randomUUID } from 'node:crypto';
import type { ProductCategory, StaffCategoryCreateBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import {
  auditSnapshot,
  claimSlug,
  derivedSlug,
  findCategory,
  lockCategoryTree,
  presentCategory,
  slugTaken,
} from './category-rows';

/**
 * A new category (contract §6), under `parentId` or at the top level, with
 * its ancestor path. A given slug must be free (409); an absent one is derived
 * from the name. A child has its parent's type. Audited as `category.create`.
 * It has no lots yet, so no count changes.
 */
export async function createCategory(
  db: Database,
  actorId: string,
  body: StaffCategoryCreateBody,
): Promise<ProductCategory> {
  const id = await db.transaction(async (tx) => {
    await lockCategoryTree(tx);
    const parent = body.parentId ? await findCategory(tx, body.parentId) : undefined;
    if (body.parentId && !parent) throw AppError.validation('No such parent category', 'parentId');
    const type = body.type ?? parent?.type ?? 'regular';
    if (parent && parent.type !== type) {
      throw AppError.validation(`A category under a ${parent.type} category must be ${parent.type} too`, 'type');
    }
    if (body.slug !== undefined && (await slugTaken(tx, body.slug))) {
      throw new AppError('CONFLICT', `The slug "${body.slug}" is taken by another category`, { field: 'slug' });
    }
    const slug = body.slug ?? (await derivedSlug(tx, body.name));
    await claimSlug(tx, slug);

    const newId = `cat_${randomUUID()}`;
    const [row] = await tx
      .insert(productCategories)
      .values({
        id: newId,
        name: body.name,
        slug,
        parentId: parent?.id ?? null,
        pathId: `${parent?.pathId ?? '/'}${newId}/`,
        depth: parent ? parent.depth + 1 : 0,
        status: body.status ?? 'active',
        type,
      })
      .returning();
    if (!row) throw new Error('category insert returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'category.create',
      targetType: 'category',
      targetId: newId,
      before: null,
      after: auditSnapshot(row),
    });
    return newId;
  });
  return presentCategory(db, id);
}
