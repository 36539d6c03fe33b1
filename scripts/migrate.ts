import { getDatabaseHandle } from '../app/lib/db.server.ts';

const handle = getDatabaseHandle();
const started = Date.now();
await handle.migrate();
console.log(`Migrations applied on ${handle.kind} in ${Date.now() - started} ms`);
await handle.close();
