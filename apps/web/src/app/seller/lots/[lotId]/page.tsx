import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { LotDocuments } from '../../../../components/seller-lots/lot-documents';
import { LotForm } from '../../../../components/seller-lots/lot-form';
import { LotPhotos } from '../../../../components/seller-lots/lot-photos';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { signInHref } from '../../../../lib/routes';
import { loadCategoryOptions, loadSellerEvent, loadSellerLot } from '../../../../lib/seller-lots/load.server';
import { lotFormValues } from '../../../../lib/seller-lots/lot-form';
import { sellerEventLotsPath, sellerLotPath } from '../../../../lib/seller-lots/paths';

export const metadata: Metadata = { title: 'Edit lot' };

/** One of the company's lots: the lot form (locked fields disabled, with the reason), its photos and documents. */
export default async function SellerLotPage({ params }: { params: Promise<{ lotId: string }> }) {
  const { lotId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(sellerLotPath(lotId)));
  const lot = await loadSellerLot(lotId);
  if (!lot.ok && lot.status === 404) notFound();
  if (!lot.ok) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Lot</h1>
        <p>Only the users of the seller company this lot belongs to can see it here.</p>
      </div>
    );
  }
  const [event, categories] = await Promise.all([loadSellerEvent(lot.data.eventId), loadCategoryOptions()]);
  const locations = event.ok
    ? event.data.locations.map((l) => [l._id, `${l.city}, ${l.region}`] as [string, string])
    : [];
  const locks = Object.fromEntries(lot.data.locks.map((l) => [l.field, l.reason]));
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={sellerEventLotsPath(lot.data.eventId)}>Lots of {event.ok ? event.data.name : 'the event'}</a>
      </p>
      <h1 className={page.title}>
        Lot {lot.data.number}: {lot.data.name}
      </h1>
      <p className={page.lead}>Status: {lot.data.status}</p>
      <LotForm
        eventId={lot.data.eventId}
        lotId={lotId}
        initial={lotFormValues(lot.data, lot.data.type)}
        locks={locks}
        categories={categories}
        locations={locations}
      />
      <LotPhotos lotId={lotId} photos={lot.data.photos} companyId={event.ok ? event.data.companyId : undefined} />
      <LotDocuments
        lotId={lotId}
        documents={lot.data.documents}
        companyId={event.ok ? event.data.companyId : undefined}
      />
    </div>
  );
}
