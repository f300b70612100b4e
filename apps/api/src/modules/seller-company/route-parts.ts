import { access } from '../../lib/http/access';
import { userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { limitedWrite } from '../../lib/http/write-limits';
import { errorResponse } from '../../lib/openapi';

/** What the seller-company routes share: access options, error responses, the success envelope. */

export const TAGS = ['seller'];
export const read = access({ session: 'required' });
export const write = limitedWrite('seller');
export const notYours = errorResponse(
  'Not a user of this company (a buyer, another company), or sent from another origin',
  ['FORBIDDEN'],
);
export const ownerOnly = errorResponse('Not an owner of this company, or sent from another origin', ['FORBIDDEN']);
const noCompany = { 404: errorResponse('No such company', ['NOT_FOUND']) };
export const reading = { ...userReadErrors, 403: notYours, ...noCompany };
export const writing = { ...userWriteErrors, 403: notYours, ...noCompany };
export const success = <T>(data: T) => ({ status: 'success' as const, data });
