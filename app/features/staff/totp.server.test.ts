import { describe, expect, it } from 'vitest';
import { base32Of, enrolmentQr, totpCodeAt, totpStep, verifyTotp } from './totp.server.ts';

const SECRET = base32Of(Buffer.from('12345678901234567890'));
// RFC 6238's SHA-1 test vector: at 59 s the 8-digit code is 94287082, so the 6-digit one is 287082.
const RFC_TIME = new Date(59_000);

describe('TOTP', () => {
  it('matches the RFC 6238 test vector', () => {
    expect(totpCodeAt(SECRET, RFC_TIME)).toBe('287082');
    expect(verifyTotp(SECRET, '287082', null, RFC_TIME)).toBe(1);
  });

  it('accepts a code one step either side of now (clock drift) and nothing further', () => {
    const now = new Date('2026-11-25T12:00:10Z');
    const step = totpStep(now);
    const at = (offsetSteps: number) => new Date(now.getTime() + offsetSteps * 30_000);
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, at(-1)), null, now)).toBe(step - 1);
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, at(0)), null, now)).toBe(step);
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, at(1)), null, now)).toBe(step + 1);
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, at(-2)), null, now)).toBeNull();
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, at(2)), null, now)).toBeNull();
  });

  it('refuses a code of the last accepted step or an earlier one (replay)', () => {
    const now = new Date('2026-11-25T12:00:10Z');
    const step = totpStep(now);
    const code = totpCodeAt(SECRET, now);
    expect(verifyTotp(SECRET, code, step - 1, now)).toBe(step);
    expect(verifyTotp(SECRET, code, step, now)).toBeNull();
    // The previous step's code is still inside the window but was overtaken by a later accepted one.
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, new Date(now.getTime() - 30_000)), step, now)).toBeNull();
    // A later code is still accepted after it.
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, new Date(now.getTime() + 30_000)), step, now)).toBe(step + 1);
  });

  it('refuses anything that is not six digits, and a wrong code', () => {
    const now = new Date('2026-11-25T12:00:10Z');
    const code = totpCodeAt(SECRET, now);
    expect(verifyTotp(SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, null, now)).not.toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`])
      expect(verifyTotp(SECRET, bad, null, now)).toBeNull();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp(SECRET, wrong, null, now)).toBeNull();
  });

  it('makes the otpauth URI and an SVG QR code on the server', async () => {
    const { uri, qrDataUrl } = await enrolmentQr(SECRET, { email: 'ann@agency.example', issuer: 'Agency back office' });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Agency%20back%20office:ann%40agency\.example\?/);
    expect(uri).toContain(`secret=${SECRET}`);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});
