import 'server-only';
import {
  currentTermsResponse,
  type FillerSection,
  fillerSectionsResponse,
  type TermsVersion,
} from '@lotline/contracts';
import { apiGet } from '../api/api.server';

/** Reads of the content staff manage (decision 0084): the home page's rows and the Terms of Use in force. */

/** The filler sections staff put on the home page; a failed read leaves them out (the page still shows). */
export async function fetchHomeSections(): Promise<FillerSection[]> {
  try {
    return (await apiGet('/marketplace/api/cms/home-sections', {}, fillerSectionsResponse)).sections;
  } catch (error) {
    console.error('[home] home sections failed; they are left out', error);
    return [];
  }
}

/** The Terms of Use in force. A failure is the page's error: a legal page never shows an old text as current. */
export async function fetchCurrentTerms(): Promise<TermsVersion> {
  return (await apiGet('/marketplace/api/legal/terms-of-use', {}, currentTermsResponse)).terms;
}
