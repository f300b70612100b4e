export { writeAtomically } from './atomic-file';
export { BackupError } from './backup-error';
export { type BackupKind, detectBackupKind } from './backup-kind';
export { runProgram } from './pg-tools';
export { backupPglite, hasPgliteDatabase, pgliteDirOf, restorePglite } from './pglite-backup';
export { backupPostgres, postgresTableCount, restorePostgres } from './postgres-backup';
