export {
  type Database,
  type DatabaseHandle,
  MIGRATIONS_DIR,
  type OpenDatabaseOptions,
  openDatabase,
  openReadReplica,
  queryRows,
} from './client';
export type { Executor, Transaction } from './executor';
export { DatabaseLockedError, lockDataDir } from './lock';
export { migrationsApplied } from './migration-state';
export { MAX_NAMED_TEXTS, preparedName, queryPrepared } from './prepared';
export * as schema from './schema/index';
