/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads) through
 * `otpauth`. A code is accepted one step either side of now (clock drift), and only for a step later than the last
 * accepted one, so a code seen once (over a shoulder, in a proxy log) cannot be used again.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

function totpFor(secretBase32: string, label = 'staff', issuer = 'Doorstep'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function base32Of(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
}

/** The step the code belongs to when it is accepted, or null (wrong, outside the window, or already used). */
export function verifyTotp(secretBase32: string, code: string, lastStep: number | null, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: now.getTime(), window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** What an authenticator shows at `now` (tests, and nothing else, need this). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpFor(secretBase32).generate({ timestamp: now.getTime() });
}

/** The otpauth:// URI and its QR code as an SVG data URL, made on the server (no third-party QR service). */
export async function enrolmentQr(
  secretBase32: string,
  account: { email: string; issuer: string },
): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = totpFor(secretBase32, account.email, account.issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
