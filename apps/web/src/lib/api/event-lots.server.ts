import 'server-only';
import {
  type EventLotQueryField,
  type EventLotsResponse,
  eventLotsResponse,
  type QueryObject,
} from '@lotline/contracts';
import { apiGet } from './api.server';

export interface EventLotsRequest {
  pageNumber: number;
  pageSize: number;
  esQuery: QueryObject<EventLotQueryField>;
}

/** GET /marketplace/api/event/event-lots (contract §3). */
export function fetchEventLots({ pageNumber, pageSize, esQuery }: EventLotsRequest): Promise<EventLotsResponse> {
  return apiGet('/marketplace/api/event/event-lots', { pageSize, pageNumber, esQuery }, eventLotsResponse);
}
