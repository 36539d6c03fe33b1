import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLASH_MESSAGES,
  ERROR_FLASH_KEYS,
  SUCCESS_FLASH_KEYS,
  flashKeyFromHash,
  flashToast,
  isErrorFlashKey,
} from './flash-messages.ts';

describe('flash keys', () => {
  it('reads the key from #flash/{key} and #/flash/{key} only', () => {
    expect(flashKeyFromHash('#flash/welcome-lead-sent')).toBe('welcome-lead-sent');
    expect(flashKeyFromHash('#/flash/lead-sending-error')).toBe('lead-sending-error');
    expect(flashKeyFromHash('#/map')).toBeNull();
    expect(flashKeyFromHash('#flash/<script>')).toBeNull();
    expect(flashKeyFromHash('')).toBeNull();
  });

  it('treats the listed error keys and any key containing "error" as errors', () => {
    for (const key of ERROR_FLASH_KEYS) expect(isErrorFlashKey(key)).toBe(true);
    for (const key of SUCCESS_FLASH_KEYS) expect(isErrorFlashKey(key)).toBe(false);
    expect(isErrorFlashKey('some-new-error-key')).toBe(true);
  });

  it('has a default text for every key of the spec', () => {
    for (const key of [...SUCCESS_FLASH_KEYS, ...ERROR_FLASH_KEYS]) expect(DEFAULT_FLASH_MESSAGES[key]).toBeTruthy();
  });

  it('falls back to a generic text for unknown keys', () => {
    expect(flashToast('mystery', {})).toEqual({ message: 'Thank you.', kind: 'success' });
    expect(flashToast('mystery-error', {}).kind).toBe('error');
    expect(flashToast('welcome-lead-sent', { 'welcome-lead-sent': 'Sent!' })).toEqual({
      message: 'Sent!',
      kind: 'success',
    });
  });
});

describe('a flash key named after an Object member', () => {
  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty'])(
    "'#/flash/%s' shows the generic thanks, as any unknown key",
    (name) => {
      const key = flashKeyFromHash(`#/flash/${name}`);
      expect(key).toBe(name);
      // The page data's texts come from JSON, so they are an ordinary object.
      const messages = JSON.parse(JSON.stringify(DEFAULT_FLASH_MESSAGES)) as Record<string, string>;
      expect(flashToast(key!, messages)).toEqual({ message: 'Thank you.', kind: 'success' });
    },
  );
});
