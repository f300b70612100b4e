import type { Metadata } from 'next';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { LotsBrowse } from './lots-browse';

export const metadata: Metadata = { title: 'Browse lots' };

export default async function LotsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  return <LotsBrowse raw={await searchParams} />;
}
