import { SALE_FORMAT_LOT_TYPE } from '@lotline/contracts/constants';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../../../components/forms/auth-page.module.css';
import { LotForm } from '../../../../../../components/seller-lots/lot-form';
import { getCurrentUser } from '../../../../../../lib/auth/current-user.server';
import { signInHref } from '../../../../../../lib/routes';
import { loadCategoryOptions, loadSellerEvent } from '../../../../../../lib/seller-lots/load.server';
import { lotFormValues } from '../../../../../../lib/seller-lots/lot-form';
import { sellerEventLotsPath, sellerNewLotPath } from '../../../../../../lib/seller-lots/paths';

export const metadata: Metadata = { title: 'Add a lot' };

/** A new lot of one of the company's events: the lot form, empty, of the type the event's sale format sells. */
export default async function NewLotPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(sellerNewLotPath(eventId)));
  const [event, categories] = await Promise.all([loadSellerEvent(eventId), loadCategoryOptions()]);
  if (!event.ok && event.status === 404) notFound();
  if (!event.ok) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Add a lot</h1>
        <p>Only the users of the seller company this event belongs to can add lots to it.</p>
      </div>
    );
  }
  const locations = event.data.locations.map((l) => [l._id, `${l.city}, ${l.region}`] as [string, string]);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={sellerEventLotsPath(eventId)}>Lots of {event.data.name}</a>
      </p>
      <h1 className={page.title}>Add a lot</h1>
      <LotForm
        eventId={eventId}
        lotId={null}
        initial={lotFormValues(null, SALE_FORMAT_LOT_TYPE[event.data.saleFormat])}
        locks={{}}
        categories={categories}
        locations={locations}
      />
    </div>
  );
}
