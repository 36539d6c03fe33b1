import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditFiltersQuery, describeAuditDetails, parseAuditFilters } from './audit-log-model.ts';

describe('describeAuditDetails', () => {
  it('shows a change as "from → to", with the setting’s name when there is one', () => {
    expect(describeAuditDetails({ from: 'new', to: 'contacted' })).toEqual(['new → contacted']);
    expect(describeAuditDetails({ setting: 'Retention (months)', from: 24, to: 6 })).toEqual([
      'Retention (months): 24 → 6',
    ]);
    expect(describeAuditDetails({ from: 3, to: null })).toEqual(['3 → none']);
  });

  it('flattens other details into readable lines', () => {
    expect(describeAuditDetails({ erased: { accounts: 1, leadsAnonymised: 2 }, factor: 'totp' })).toEqual([
      'Erased: accounts 1, leads anonymised 2',
      'Factor: totp',
    ]);
    expect(describeAuditDetails({})).toEqual([]);
  });
});

describe('the filters', () => {
  it('read back what they write', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            actor: fc.oneof(fc.constant('system' as const), fc.integer({ min: 1, max: 99_999 })),
            action: fc.constantFrom('lead.export', 'privacy.erase', 'staff.sign-in'),
            q: fc
              .string({ minLength: 1, maxLength: 50 })
              .filter((text) => text.trim() === text && !/\p{Cc}/u.test(text)),
          },
          { requiredKeys: [] },
        ),
        fc.integer({ min: 1, max: 100 }),
        (filters, page) => {
          const parsed = parseAuditFilters(new URLSearchParams(auditFiltersQuery(filters, page)));
          expect(parsed).toEqual({ success: true, filters, page });
        },
      ),
    );
  });

  it('label unknown actions by their name', () => {
    expect(auditActionLabel('privacy.erase')).toBe('Personal data erased');
    expect(auditActionLabel('future.thing')).toBe('future.thing');
  });
});
