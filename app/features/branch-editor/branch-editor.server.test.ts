import { describe, expect, it } from 'vitest';
import { changesBetween } from './branch-editor.server.ts';

describe('what the audit log keeps of a change', () => {
  it('only the changed fields, before and after, whole lists and objects when a part changed', () => {
    const before = { name: 'Bath', phone: '1', hours: { week: [[{ opens: '09:00', closes: '17:00' }]] }, gone: 'x' };
    const after = { name: 'Bath', phone: '2', hours: { week: [[{ opens: '10:00', closes: '17:00' }]] }, added: 'y' };
    expect(changesBetween(before, after)).toEqual({
      before: { phone: '1', hours: before.hours, gone: 'x', added: null },
      after: { phone: '2', hours: after.hours, gone: null, added: 'y' },
    });
    expect(changesBetween(before, { ...before })).toEqual({ before: {}, after: {} });
  });
});
