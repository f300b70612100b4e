import type { Metadata } from 'next';
import { browseMetadata } from '../../../lib/browse/browse-metadata';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { LotsBrowse } from './lots-browse';

type SearchParams = Promise<RawSearchParams>;

// Read at request time, whatever the page reads first: the build has no API to ask.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const raw = await searchParams;
  return browseMetadata(raw, raw.browse === 'events' ? 'events' : 'assets');
}

export default async function LotsPage({ searchParams }: { searchParams: SearchParams }) {
  return <LotsBrowse raw={await searchParams} />;
}
