/**
 * Spam protection shared by client and server (spec point 4 'Spam protection').
 * Every lead, form and account form carries honeypots and the authenticity token; a bot check runs on submit:
 * a self-hosted proof-of-work (ALTCHA) by default, or Google reCAPTCHA v2 invisible / v3 when keys are configured.
 */
export const HONEYPOT_FIELD = 'body';
export const FORM_HONEYPOT_FIELD = 'hfhp';
export const ALTCHA_FIELD = 'altcha';
export const RECAPTCHA_FIELD = 'g-recaptcha-response';

export type BotCheckVersion = 'altcha' | 'recaptcha-v2' | 'recaptcha-v3' | 'off';
export type BotCheckConfig = { version: BotCheckVersion; siteKey: string | null };

/** Spec point 9: the captcha script is checked every 500 ms in one place and polled every 300 ms in the loader. */
export const CAPTCHA_SCRIPT_CHECK_MS = 500;
export const CAPTCHA_LOADER_POLL_MS = 300;

export const BOT_CHECK_FAILED_MESSAGE = 'We could not confirm you are not a robot. Please try again.';

/** A honeypot is filled when it holds anything but whitespace. */
export function isHoneypotFilled(value: unknown): boolean {
  if (typeof value !== 'string') return value !== undefined && value !== null;
  return value.trim().length > 0;
}

/** Which check to run for a theme setting, given whether reCAPTCHA keys exist (without keys ALTCHA stands in). */
export function resolveBotCheckVersion(themeSetting: string | undefined, hasRecaptchaKeys: boolean): BotCheckVersion {
  switch (themeSetting) {
    case 'none':
    case 'off':
      return 'off';
    case 'recaptcha-v2':
    case 'recaptcha-v3':
      return hasRecaptchaKeys ? themeSetting : 'altcha';
    default:
      return 'altcha';
  }
}
