import type { EventLotDetailSource, LotResponse, PublicLotDocument } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { AppError } from '../../lib/errors';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getLegacyLot } from './get-legacy-lot';
import type { LotCardRow, PhotoRow } from './lot-card-columns';
import { toLotCardSource } from './lot-card-source';
import { lotDocumentsOf } from './lot-documents';
import { photosOf } from './lot-photos';
import { resolveLotIds } from './resolve-lot-ids';
import { selectLotDetail } from './select-lot-detail';

/**
 * The lot detail page (/marketplace/bid/{slug}/{lot id}, spec §2): a visible
 * event lot by mp2Id, else parentId, else _id; failing that, a legacy lot by
 * id. Hidden lots and lots of draft events answer NOT_FOUND like unknown ids.
 */
export async function getLot(db: Database, lotId: string, flags: FeatureOverrides): Promise<LotResponse> {
  const [resolved] = await resolveLotIds(db, [lotId]);
  if (resolved) {
    const [[row], photos, documents] = await Promise.all([
      selectLotDetail(db, resolved),
      photosOf(db, [resolved]),
      lotDocumentsOf(db, resolved),
    ]);
    if (row) {
      const publicDocuments = documents.map(({ url, description, fileName, size }) => ({
        url,
        description,
        fileName,
        size,
      }));
      return {
        kind: 'event-lot',
        lot: { _id: row.id, _source: toDetail(row, photos.get(row.id) ?? [], publicDocuments, flags) },
      };
    }
  }
  const legacy = await getLegacyLot(db, lotId);
  if (legacy) return { kind: 'legacy-lot', lot: legacy };
  throw AppError.notFound('Lot not found');
}

type DetailRow = Awaited<ReturnType<typeof selectLotDetail>>[number];

function toDetail(
  r: DetailRow,
  photos: PhotoRow[],
  documents: PublicLotDocument[],
  flags: FeatureOverrides,
): EventLotDetailSource {
  const card = toLotCardSource(r as LotCardRow, photos, flags);
  return {
    ...card,
    description: r.description,
    event:
      card.event && r.eventTitle !== null && r.eventSaleFormat && r.eventStartAt && r.eventEndAt
        ? {
            ...card.event,
            title: r.eventTitle,
            saleFormat: r.eventSaleFormat,
            startAt: r.eventStartAt.toISOString(),
            endAt: r.eventEndAt.toISOString(),
          }
        : null,
    riggingParty: r.riggingParty,
    riggingCost: r.riggingCost,
    loadingParty: r.loadingParty,
    loadingCost: r.loadingCost,
    shippingParty: r.shippingParty,
    shippingOptions: r.shippingOptions,
    shippingPackageType: r.shippingPackageType,
    shippingPackageCount: r.shippingPackageCount,
    marketDemand: r.marketDemand,
    catalogProduct:
      r.catalogProductUniqueName !== null && r.catalogProductName !== null
        ? { uniqueName: r.catalogProductUniqueName, name: r.catalogProductName }
        : null,
    documents,
  };
}
