import { runDbRestoreCli } from './db-restore';

process.exitCode = await runDbRestoreCli(process.argv.slice(2), process.env);
