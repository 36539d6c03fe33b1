import { describe, expect, it } from 'vitest';
import { consentCookieHeader, isAnalyticsAllowed, readConsentStatus } from './consent.ts';
import { consentLogSchema } from './consent-log-schema.ts';

describe('cookie consent', () => {
  it('reads cookieconsent_status from the cookie header', () => {
    expect(readConsentStatus('a=1; cookieconsent_status=allow; b=2')).toBe('allow');
    expect(readConsentStatus('cookieconsent_status=deny')).toBe('deny');
    expect(readConsentStatus('cookieconsent_status=maybe')).toBeNull();
    expect(readConsentStatus(null)).toBeNull();
  });

  it('allows analytics only after an explicit allow', () => {
    expect(isAnalyticsAllowed('allow')).toBe(true);
    expect(isAnalyticsAllowed('deny')).toBe(false);
    expect(isAnalyticsAllowed(null)).toBe(false);
  });

  it('writes a year-long cookie, Secure over HTTPS', () => {
    expect(consentCookieHeader('deny', true)).toBe(
      'cookieconsent_status=deny; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
    expect(consentCookieHeader('allow', false)).not.toContain('Secure');
  });

  it('validates the consent log body', () => {
    expect(consentLogSchema.safeParse({ status: 'allow', path: '/articles' }).success).toBe(true);
    expect(consentLogSchema.safeParse({ status: 'yes' }).success).toBe(false);
    expect(consentLogSchema.parse({ status: 'deny', path: 'javascript:x' }).path).toBeUndefined();
  });
});
