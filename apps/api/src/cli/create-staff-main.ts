import { runCreateStaffCli } from './create-staff';

process.exitCode = await runCreateStaffCli(process.argv.slice(2), process.env);
