import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { RawSearchParams } from '../../../../lib/browse/search-params';
import { LotsBrowse } from '../lots-browse';

export const metadata: Metadata = { title: 'Browse lots' };

/** A category's lots (assets-only mode: the Events tab is hidden). Unknown slug: the 404 page. */
export default async function CategoryLotsPage({
  params,
  searchParams,
}: {
  params: Promise<{ categorySlug: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { categorySlug } = await params;
  let slug: string;
  try {
    slug = decodeURIComponent(categorySlug);
  } catch {
    notFound(); // A malformed escape names no category.
  }
  return <LotsBrowse raw={await searchParams} categorySlug={slug} />;
}
