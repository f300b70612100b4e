export {
  type Database,
  type DatabaseHandle,
  MIGRATIONS_DIR,
  type OpenDatabaseOptions,
  openDatabase,
  queryRows,
} from './client';
export { DatabaseLockedError, lockDataDir } from './lock';
export * as schema from './schema/index';
