import type { Database } from './client';

/** A transaction opened by `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The database or a transaction on it: what a function takes when its caller
 * decides whether the work joins a larger change (a use-case's transaction)
 * or runs on its own.
 */
export type Executor = Database | Transaction;
