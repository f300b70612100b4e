import { sellerEventPath } from '@lotline/contracts/page-paths';

/** The seller console's pages for running an event (issue 16; decision 0052). */
export const sellerEventRegistrationsPath = (eventId: string) => `${sellerEventPath(eventId)}/registrations`;
export const sellerEventLivePath = (eventId: string) => `${sellerEventPath(eventId)}/live`;
