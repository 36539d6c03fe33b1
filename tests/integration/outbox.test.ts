import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueEmails, enqueueEmail } from '../../app/features/email/outbox.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

describe('email outbox delivery', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('sends each email once when several workers deliver at the same time', async () => {
    for (let i = 0; i < 30; i++) {
      await enqueueEmail(database.db, { to: `buyer${i}@example.com`, subject: `Alert ${i}`, text: 'New homes' });
    }
    const sent: string[] = [];
    const transport = {
      sendMail: async (message: { to: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(message.to);
      },
    } as unknown as Transporter;
    const counts = await Promise.all([
      deliverDueEmails(database.db, transport, 20),
      deliverDueEmails(database.db, transport, 20),
      deliverDueEmails(database.db, transport, 20),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
    expect(await deliverDueEmails(database.db, transport, 20)).toBe(0);
  });

  it('passes stored headers (List-Unsubscribe) to the mail transport', async () => {
    const headers = {
      'List-Unsubscribe': '<https://agency.example/unsubscribe/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await enqueueEmail(database.db, { to: 'alerts@example.com', subject: 'New homes', text: 'Cards', headers });
    const received: { headers?: Record<string, string> }[] = [];
    const transport = {
      sendMail: async (message: { headers?: Record<string, string> }) => {
        received.push(message);
      },
    } as unknown as Transporter;
    expect(await deliverDueEmails(database.db, transport, 20)).toBe(1);
    expect(received[0]?.headers).toEqual(headers);
  });
});
