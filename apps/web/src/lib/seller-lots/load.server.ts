import 'server-only';
import {
  type ProductCategoryTreeNode,
  productCategoryTreeResponse,
  type SellerEvent,
  type SellerLot,
  type SellerLotsResponse,
  sellerEvent,
  sellerLot,
  sellerLotsResponse,
} from '@lotline/contracts';
import type { z } from 'zod';
import { callApi } from '../auth/api-call.server';

/**
 * The lot console's reads, as the signed-in user (the API checks the company).
 * `status` lets a page tell "not yours" (403: a non-seller is told so) from
 * "no such thing" (404).
 */

export type Loaded<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

async function read<T>(path: string, schema: z.ZodType<T>): Promise<Loaded<T>> {
  const answer = await callApi<unknown>('GET', path);
  if (!answer.ok)
    return { ok: false, status: answer.status, message: answer.error?.message ?? 'That could not be read.' };
  const parsed = schema.safeParse(answer.data);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, status: 500, message: 'An unexpected answer.' };
}

export const loadSellerEvent = (eventId: string): Promise<Loaded<SellerEvent>> =>
  read(`/marketplace-api/seller/events/${encodeURIComponent(eventId)}`, sellerEvent);

export const loadEventLots = (eventId: string): Promise<Loaded<SellerLotsResponse>> =>
  read(`/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots?pageSize=500`, sellerLotsResponse);

export const loadSellerLot = (lotId: string): Promise<Loaded<SellerLot>> =>
  read(`/marketplace-api/seller/lots/${encodeURIComponent(lotId)}`, sellerLot);

/** Every category as [id, "Parent › Child"], in tree order, for the form's select. */
export async function loadCategoryOptions(): Promise<[string, string][]> {
  const tree = await read('/marketplace/api/category/product-categories/tree', productCategoryTreeResponse);
  if (!tree.ok) return [];
  const out: [string, string][] = [];
  const walk = (nodes: ProductCategoryTreeNode[], path: string) => {
    for (const n of nodes) {
      const label = path ? `${path} › ${n.node.name}` : n.node.name;
      out.push([n.node._id, label]);
      walk(n.children, label);
    }
  };
  walk(tree.data.tree, '');
  return out;
}
