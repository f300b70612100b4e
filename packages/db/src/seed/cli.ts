/** Entry point of `npm run seed`; see run-cli.ts for options. */
import { runSeedCli } from './run-cli';

process.exitCode = await runSeedCli(process.argv.slice(2), process.env);
