import { describe, expect, it } from 'vitest';
import { isHoneypotFilled, resolveBotCheckVersion } from './spam-protection.ts';

describe('isHoneypotFilled', () => {
  it('is empty for missing, blank or whitespace values', () => {
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
    expect(isHoneypotFilled('')).toBe(false);
    expect(isHoneypotFilled('   ')).toBe(false);
  });
  it('is filled for any text or non-string value', () => {
    expect(isHoneypotFilled('hello')).toBe(true);
    expect(isHoneypotFilled(0)).toBe(true);
    expect(isHoneypotFilled(['x'])).toBe(true);
  });
});

describe('resolveBotCheckVersion', () => {
  it('defaults to ALTCHA and honours off/none', () => {
    expect(resolveBotCheckVersion(undefined, false)).toBe('altcha');
    expect(resolveBotCheckVersion('altcha', true)).toBe('altcha');
    expect(resolveBotCheckVersion('none', true)).toBe('off');
    expect(resolveBotCheckVersion('off', false)).toBe('off');
  });
  it('uses reCAPTCHA only when keys are configured', () => {
    expect(resolveBotCheckVersion('recaptcha-v2', true)).toBe('recaptcha-v2');
    expect(resolveBotCheckVersion('recaptcha-v3', true)).toBe('recaptcha-v3');
    expect(resolveBotCheckVersion('recaptcha-v3', false)).toBe('altcha');
  });
});
