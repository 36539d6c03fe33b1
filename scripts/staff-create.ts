/**
 * npm run staff:create -- --email <email> --name "<name>" --role <owner|manager|negotiator|editor> [--branch <slug>]…
 *
 * Creates a back-office account and prints its one-time set-up link (24 hours, single use), where the person
 * chooses a password and sets up their authenticator. With embedded PGlite and the server running on the same data
 * folder, the server does the work (server/control.ts); otherwise (no server, or PostgreSQL) this command opens
 * the database itself. Exit status: 0 created, 1 refused (email already used, unknown branch), 2 usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createStaffFromCommand,
  staffCreateRequestSchema,
  type InvitationOutcome,
  type StaffCreateRequest,
} from '../app/features/staff/index.server.ts';
import { getDatabaseHandle } from '../app/lib/db.server.ts';
import { getEnv, publicOrigin } from '../app/lib/env.server.ts';
import { callControlCommand, findControlServer } from '../server/control-client.ts';

const USAGE =
  'Usage: npm run staff:create -- --email <email> --name "<name>" --role <owner|manager|negotiator|editor> [--branch <slug>]...';

function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      branch: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
} catch (error) {
  usageError(error instanceof Error ? error.message : 'Invalid arguments');
}
if (parsed.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
for (const name of ['email', 'name', 'role'] as const) {
  if (!parsed.values[name]) usageError(`--${name} is required.`);
}
const checked = staffCreateRequestSchema.safeParse({
  email: parsed.values.email,
  name: parsed.values.name,
  role: parsed.values.role,
  branches: parsed.values.branch ?? [],
});
if (!checked.success) {
  const issue = checked.error.issues[0];
  usageError(`--${String(issue?.path[0] ?? 'arguments')}: ${issue?.message ?? 'invalid'}`);
}
const request: StaffCreateRequest = checked.data;

async function run(): Promise<InvitationOutcome> {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    const server = await findControlServer(path.resolve(env.PGLITE_DIR));
    if (server) {
      process.stdout.write(`The server (pid ${server.pid}) holds the database: it creates the account.\n`);
      return (await callControlCommand(server, 'staff-create', request)) as InvitationOutcome;
    }
  }
  const handle = getDatabaseHandle();
  try {
    await handle.migrate();
    return await createStaffFromCommand(handle.db, request, publicOrigin(env));
  } finally {
    await handle.close();
  }
}

const outcome = await run();
if (outcome.status === 'email-taken') {
  process.stderr.write(`Refused: ${request.email} already belongs to a staff member. Nothing was created.\n`);
  process.exit(1);
}
if (outcome.status === 'unknown-branch') {
  process.stderr.write(`Refused: no branch with the slug ${outcome.branches.join(', ')}. Nothing was created.\n`);
  process.exit(1);
}
process.stdout.write(
  `Created ${request.role} ${request.name} <${request.email}>.\n` +
    `Send them this set-up link (it works once, until ${outcome.expiresAt}):\n${outcome.link}\n`,
);
process.exit(0);
