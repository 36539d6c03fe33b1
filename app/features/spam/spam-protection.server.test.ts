import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createAltchaChallenge, verifyAltchaPayload } from './spam-protection.server.ts';

async function solvedPayload(
  now?: Date,
): Promise<{ payload: string; challenge: Awaited<ReturnType<typeof createAltchaChallenge>> }> {
  const challenge = await createAltchaChallenge(now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('unsolved');
  return { payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), challenge };
}

describe('ALTCHA bot check', () => {
  it('accepts a solved challenge once, then refuses the replay', async () => {
    const { payload } = await solvedPayload();
    expect(await verifyAltchaPayload(payload)).toBe(true);
    expect(await verifyAltchaPayload(payload)).toBe(false);
  });

  it('refuses a tampered, expired or malformed payload', async () => {
    const { payload, challenge } = await solvedPayload();
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString()) as { solution: { counter: number } };
    decoded.solution.counter += 1;
    expect(await verifyAltchaPayload(Buffer.from(JSON.stringify(decoded)).toString('base64'))).toBe(false);
    const forged = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } };
    expect(
      await verifyAltchaPayload(
        Buffer.from(JSON.stringify({ challenge: forged, solution: { counter: 1, derivedKey: '00' } })).toString(
          'base64',
        ),
      ),
    ).toBe(false);
    const old = await solvedPayload(new Date(Date.now() - 60 * 60_000));
    expect(await verifyAltchaPayload(old.payload)).toBe(false);
    expect(await verifyAltchaPayload('not base64 json')).toBe(false);
    expect(await verifyAltchaPayload(undefined)).toBe(false);
    expect(await verifyAltchaPayload('x'.repeat(10_000))).toBe(false);
  });
});
