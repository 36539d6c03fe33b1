/** The commands the control channel runs for local command-line tools (server/control.ts). */
import { importFile, importRequestSchema, openFeedFile } from '../app/features/import/index.server.ts';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { importAddressesCsv } from '../app/features/address/address-import.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import { publicOrigin } from '../app/lib/env.server.ts';
import { createStaffFromCommand, staffCreateRequestSchema } from '../app/features/staff/index.server.ts';
import type { ControlCommand } from './control.ts';
import { announcePageChange } from '../app/lib/page-cache-bus.server.ts';

const PROGRESS_INTERVAL_MS = 500;

export function controlCommands(getDb: () => Database): Record<string, ControlCommand> {
  return {
    // npm run db:seed: wipe and re-seed the demo agency in the server's own database.
    seed: async (_input, progress) => {
      // Loaded on demand, as at start-up (server/prepare-database.ts): the generator is large and rarely used.
      const { seedDatabase } = await import('../db/seed/index.ts');
      let lastSent = 0;
      const counts = await seedDatabase(getDb(), {
        onProgress: (step, done, total) => {
          if (done !== total && Date.now() - lastSent < PROGRESS_INTERVAL_MS) return;
          lastSent = Date.now();
          progress({ step, done, total });
        },
      });
      // Every page the server has shared showed the old agency.
      announcePageChange(getDb(), ['*']);
      return counts;
    },
    // npm run addresses:import: the CSV is read here, from the path the command gave (same user, same machine).
    'addresses-import': async (input, progress) => {
      const request = z.object({ path: z.string().min(1).max(4096), replace: z.boolean() }).parse(input);
      const csv = await readFile(request.path, 'utf8');
      let lastSent = 0;
      return importAddressesCsv(getDb(), csv, {
        replace: request.replace,
        onProgress: (done, total) => {
          if (done !== total && Date.now() - lastSent < PROGRESS_INTERVAL_MS) return;
          lastSent = Date.now();
          progress({ done, total });
        },
      });
    },
    // npm run staff:create: the account and its one-time set-up link, made in the server's own database.
    'staff-create': async (input) =>
      createStaffFromCommand(getDb(), staffCreateRequestSchema.parse(input), publicOrigin()),
    import: async (input, progress) => {
      const request = importRequestSchema.parse(input);
      let lastSent = 0;
      return importFile(getDb(), request, openFeedFile, {
        onProgress: (event) => {
          if (Date.now() - lastSent < PROGRESS_INTERVAL_MS) return;
          lastSent = Date.now();
          progress(event);
        },
      });
    },
  };
}
