import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inboxKinds,
  leadActionSchema,
  leadFiltersQuery,
  leadScopeFor,
  leadStages,
  LOST_REASON_MESSAGE,
  NOTE_MESSAGE,
  parseLeadFilters,
  textSearchQuery,
  type LeadFilters,
} from './lead-inbox-model.ts';

const params = (input: Record<string, string>) => new URLSearchParams(input);

describe('leadScopeFor', () => {
  it('gives owners every branch, managers and negotiators theirs, editors no leads', () => {
    expect(leadScopeFor('owner', [3])).toEqual({ allBranches: true, branchIds: [] });
    expect(leadScopeFor('manager', [3, 1, 3])).toEqual({ allBranches: false, branchIds: [3, 1] });
    expect(leadScopeFor('negotiator', [])).toEqual({ allBranches: false, branchIds: [] });
    expect(leadScopeFor('editor', [1, 2])).toBeNull();
  });
});

describe('parseLeadFilters', () => {
  it('reads every filter, leaving blank fields out as a GET form sends them', () => {
    expect(
      parseLeadFilters(
        params({
          kind: 'custom-form',
          branch: '2',
          stage: 'lost',
          assignee: 'none',
          from: '2026-11-01',
          to: '2026-11-30',
          q: '  Ann\u0000 Smith ',
          page: '3',
          other: 'ignored',
        }),
      ),
    ).toEqual({
      success: true,
      filters: {
        kind: 'custom-form',
        branch: 2,
        stage: 'lost',
        assignee: 'none',
        from: '2026-11-01',
        to: '2026-11-30',
        q: 'Ann  Smith',
      },
      page: 3,
    });
    expect(parseLeadFilters(params({ kind: '', branch: '', q: '   ', page: '' }))).toEqual({
      success: true,
      filters: {},
      page: 1,
    });
    expect(parseLeadFilters(params({ assignee: '12' }))).toMatchObject({ filters: { assignee: 12 } });
  });

  it('refuses values outside the lists with messages, never an exception', () => {
    const result = parseLeadFilters(
      params({ kind: 'send-to-friend', stage: 'done', branch: '-1', from: '2026-02-30', page: '0' }),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.map((error) => error.field).sort()).toEqual(['branch', 'from', 'kind', 'page', 'stage']);
    expect(result.errors.find((error) => error.field === 'kind')?.message).toBe('Choose a kind of lead from the list');
    const backwards = parseLeadFilters(params({ from: '2026-12-01', to: '2026-11-01' }));
    expect(backwards).toEqual({
      success: false,
      errors: [{ field: 'to', message: 'The "from" date must be on or before the "to" date' }],
    });
    expect(parseLeadFilters(params({ q: 'x'.repeat(201) })).success).toBe(false);
    expect(parseLeadFilters(params({ page: '99999999' })).success).toBe(false);
  });

  it('never throws, whatever the query string holds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom('kind', 'branch', 'stage', 'assignee', 'from', 'to', 'q', 'page'), fc.string()),
            fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('', 'none', '1', '2026-01-01')),
          ),
        ),
        (entries) => {
          const result = parseLeadFilters(new URLSearchParams(entries));
          expect(typeof result.success).toBe('boolean');
          if (!result.success) expect(result.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads back the query it writes (parse after format is the identity)', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const filters: fc.Arbitrary<LeadFilters> = fc.record(
      {
        kind: fc.constantFrom(...inboxKinds),
        branch: fc.integer({ min: 1, max: 999_999 }),
        stage: fc.constantFrom(...leadStages),
        assignee: fc.oneof(fc.constant('none' as const), fc.integer({ min: 1, max: 999_999 })),
        from: day,
        q: fc
          .string({ minLength: 1, maxLength: 50 })
          .map((text) => text.replace(/\p{Cc}/gu, ' ').trim())
          .filter((text) => text !== ''),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, fc.integer({ min: 1, max: 500 }), (input, page) => {
        const query = leadFiltersQuery(input, page);
        expect(parseLeadFilters(new URLSearchParams(query))).toEqual({ success: true, filters: input, page });
      }),
    );
  });
});

describe('textSearchQuery', () => {
  it('makes each word a prefix match and keeps the characters of emails and phones', () => {
    expect(textSearchQuery('Ann  Smith')).toBe("'ann':* & 'smith':*");
    expect(textSearchQuery('ann@example.com')).toBe("'ann@example.com':*");
    expect(textSearchQuery('+44 7700')).toBe("'+44':* & '7700':*");
  });

  it('lets no quote or operator of the user reach the query syntax', () => {
    expect(textSearchQuery("o'brien")).toBe("'obrien':*");
    expect(textSearchQuery("'); drop table leads; -- !:* & |")).toBe("'drop':* & 'table':* & 'leads':*");
    expect(textSearchQuery('!!! ---')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const query = textSearchQuery(text);
        if (query === null) return;
        for (const term of query.split(' & ')) expect(term).toMatch(/^'[\p{L}\p{N}@._+-]+':\*$/u);
      }),
    );
  });
});

describe('leadActionSchema', () => {
  it('needs a reason for a lost lead and text for a note', () => {
    expect(leadActionSchema.safeParse({ intent: 'stage', stage: 'contacted' }).data).toEqual({
      intent: 'stage',
      stage: 'contacted',
      lost_reason: '',
    });
    const lost = leadActionSchema.safeParse({ intent: 'stage', stage: 'lost', lost_reason: '  ' });
    expect(lost.error?.issues[0]).toMatchObject({ message: LOST_REASON_MESSAGE, path: ['lost_reason'] });
    expect(leadActionSchema.safeParse({ intent: 'note', note: ' \n ' }).error?.issues[0]?.message).toBe(NOTE_MESSAGE);
    expect(leadActionSchema.safeParse({ intent: 'note', note: ' Rang back ' }).data).toEqual({
      intent: 'note',
      note: 'Rang back',
    });
    expect(leadActionSchema.safeParse({ intent: 'assign', assigned_staff_id: '4' }).data).toEqual({
      intent: 'assign',
      assigned_staff_id: 4,
    });
    expect(leadActionSchema.safeParse({ intent: 'assign', assigned_staff_id: 'none' }).data).toMatchObject({
      assigned_staff_id: 'none',
    });
    expect(leadActionSchema.safeParse({ intent: 'assign', assigned_staff_id: '1; drop' }).success).toBe(false);
    expect(leadActionSchema.safeParse({ intent: 'delete' }).success).toBe(false);
  });
});
