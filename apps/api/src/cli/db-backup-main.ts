import { runDbBackupCli } from './db-backup';

process.exitCode = await runDbBackupCli(process.argv.slice(2), process.env);
