import { runCreateSellerCli } from './create-seller';

process.exitCode = await runCreateSellerCli(process.argv.slice(2), process.env);
