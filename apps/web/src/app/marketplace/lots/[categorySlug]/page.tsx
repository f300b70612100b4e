import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { fetchCategoryBySlug } from '../../../../lib/api/browse.server';
import { browseMetadata } from '../../../../lib/browse/browse-metadata';
import type { RawSearchParams } from '../../../../lib/browse/search-params';
import { LotsBrowse } from '../lots-browse';

function decodeSlug(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // A malformed escape names no category.
  }
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Promise<{ categorySlug: string }>;
  searchParams: Promise<RawSearchParams>;
}): Promise<Metadata> {
  const slug = decodeSlug((await params).categorySlug);
  const category = slug === null ? null : await fetchCategoryBySlug(slug);
  // An unknown category renders the 404 page, which has its own title.
  return slug !== null && category ? browseMetadata(await searchParams, 'assets', { slug, name: category.name }) : {};
}

/** A category's lots (assets-only mode: the Events tab is hidden). Unknown slug: the 404 page. */
export default async function CategoryLotsPage({
  params,
  searchParams,
}: {
  params: Promise<{ categorySlug: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const slug = decodeSlug((await params).categorySlug);
  if (slug === null) notFound();
  return <LotsBrowse raw={await searchParams} categorySlug={slug} />;
}
