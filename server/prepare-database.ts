import type { DatabaseHandle } from '../app/lib/db.server.ts';
import { logger } from '../app/lib/logger.server.ts';

/** Start-up: apply migrations, then seed the demo agency into an empty database so `npm start` shows a site. */
export async function prepareDatabase(handle: DatabaseHandle, options: { seedOnEmpty: boolean }): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  logger.info({ ms: Date.now() - started, kind: handle.kind }, 'migrations applied');
  if (!options.seedOnEmpty) return;
  const { isDatabaseSeeded, seedDatabase } = await import('../db/seed/index.ts');
  if (await isDatabaseSeeded(handle.db)) return;
  logger.info('empty database: seeding the demo agency (first run only)');
  const counts = await seedDatabase(handle.db, {
    onProgress: (step, done, total) => {
      if (done === total) logger.info({ step, total }, 'seed step done');
    },
  });
  logger.info({ counts, ms: Date.now() - started }, 'demo agency seeded');
}
