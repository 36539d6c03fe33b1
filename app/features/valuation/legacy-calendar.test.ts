import { describe, expect, it } from 'vitest';
import { LEGACY_CALENDAR_OPEN_EVENT, LEGACY_CALENDAR_SCRIPT, valuationPathFor } from './legacy-calendar.ts';

describe('valuation hashes and the legacy calendar', () => {
  it('opens the modal over a property page when on one, otherwise over the home page', () => {
    expect(valuationPathFor('/')).toBe('/book-a-valuation');
    expect(valuationPathFor('/search')).toBe('/book-a-valuation');
    expect(valuationPathFor('/properties/3-bed-house-bath-123')).toBe(
      '/properties/3-bed-house-bath-123/book-a-valuation',
    );
    expect(valuationPathFor('/properties/abc/')).toBe('/properties/abc/book-a-valuation');
    expect(valuationPathFor('/properties/abc/floorplan')).toBe('/book-a-valuation');
    expect(valuationPathFor('/book-a-valuation')).toBe('/book-a-valuation');
  });

  it('serves a script that announces itself and falls back to the valuation page', () => {
    const calls: string[] = [];
    let isCancelled = false;
    const window = {
      dispatchEvent: (event: { type: string; cancelable: boolean }) => {
        calls.push(`event:${event.type}:${event.cancelable}`);
        return !isCancelled;
      },
      location: { assign: (url: string) => calls.push(`assign:${url}`) },
    } as unknown as Record<string, unknown>;
    class CustomEvent {
      constructor(
        public type: string,
        public init: { cancelable: boolean },
      ) {}
      get cancelable() {
        return this.init.cancelable;
      }
    }
    new Function('window', 'CustomEvent', LEGACY_CALENDAR_SCRIPT)(window, CustomEvent);
    expect(calls).toEqual([`event:${LEGACY_CALENDAR_OPEN_EVENT}:true`, 'assign:/book-a-valuation']);
    expect(typeof (window.DoorstepLegacyCalendar as { open: unknown }).open).toBe('function');

    isCancelled = true;
    calls.length = 0;
    (window.DoorstepLegacyCalendar as { open: () => void }).open();
    expect(calls).toEqual([`event:${LEGACY_CALENDAR_OPEN_EVENT}:true`]);
  });
});
