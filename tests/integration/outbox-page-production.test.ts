/** The /outbox route itself, in a production configuration without SMTP and without the opt-in: 404. */
import { afterAll, describe, expect, it } from 'vitest';

const saved = {
  NODE_ENV: process.env.NODE_ENV,
  SMTP_URL: process.env.SMTP_URL,
  OUTBOX_PAGE: process.env.OUTBOX_PAGE,
  PUBLIC_URL: process.env.PUBLIC_URL,
};
process.env.NODE_ENV = 'production';
// Production needs its public origin to start.
process.env.PUBLIC_URL = 'https://agency.example';
process.env.SMTP_URL = '';
delete process.env.OUTBOX_PAGE;
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('GET /outbox in production without SMTP', () => {
  it('answers 404 and lists nothing', async () => {
    const { getEnv } = await import('../../app/lib/env.server.ts');
    expect(getEnv().NODE_ENV).toBe('production');
    const { loader } = await import('../../app/routes/public/outbox.tsx');
    const request = new Request('http://localhost/outbox');
    const outcome = await Promise.resolve(
      loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]),
    ).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ init: { status: 404 } });
  });
});
