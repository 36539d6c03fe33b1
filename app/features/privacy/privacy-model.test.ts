import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anonymisePayload,
  ERASED,
  payloadMentions,
  PRIVACY_MESSAGES,
  privacyEraseSchema,
  privacySearchSchema,
  retentionSchema,
} from './privacy-model.ts';

describe('anonymisePayload', () => {
  it('replaces who and what was said, keeps routing, booking and yes/no answers', () => {
    expect(
      anonymisePayload({
        lead_client: { first_name: 'Ann', email: 'ann@example.com', tel_home: '01225 111222', do_not_contact: true },
        lead: { message: 'Hello', property_id: '12', booking_date: '2026-07-01', times: ['am', 'pm'] },
        channel: 'lettings',
        branch_id: 3,
        house_number: 14,
        empty: '',
      }),
    ).toEqual({
      lead_client: { first_name: ERASED, email: ERASED, tel_home: ERASED, do_not_contact: true },
      lead: { message: ERASED, property_id: '12', booking_date: '2026-07-01', times: ['am', 'pm'] },
      channel: 'lettings',
      branch_id: 3,
      house_number: ERASED,
      empty: '',
    });
  });

  it('leaves no string of the original outside the kept keys', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => key.startsWith('x')),
          fc.jsonValue(),
        ),
        (payload) => {
          const strings: string[] = [];
          const collect = (value: unknown) => {
            if (typeof value === 'string' && value.trim() !== '') strings.push(value);
            else if (Array.isArray(value)) value.forEach(collect);
            else if (value && typeof value === 'object') Object.values(value).forEach(collect);
          };
          collect(anonymisePayload(payload));
          expect(strings.every((value) => value === ERASED)).toBe(true);
        },
      ),
    );
  });
});

describe('payloadMentions', () => {
  it('finds the address in any text, any case, at any depth', () => {
    const payload = {
      send_to_friend: { friend_email: 'Ann@Example.com' },
      list: [{ note: 'write to ann@example.com' }],
    };
    expect(payloadMentions(payload, 'ann@example.com')).toBe(true);
    expect(payloadMentions({ message: 'Mail me at ann@example.com.' }, 'ann@example.com')).toBe(true);
    expect(payloadMentions({ message: '<ann@example.com>' }, 'ann@example.com')).toBe(true);
    // Only the whole address: not inside a longer one.
    expect(payloadMentions({ email: 'ann@example.com' }, 'nn@example.com')).toBe(false);
    expect(payloadMentions({ email: 'ann@example.com.au' }, 'ann@example.com')).toBe(false);
    expect(payloadMentions({ email: 'jo.ann@example.com' }, 'ann@example.com')).toBe(false);
    expect(payloadMentions({ email: 'a+b@example.com' }, 'a+b@example.com')).toBe(true);
    expect(payloadMentions({ email: 'bob@example.com', n: 3 }, 'ann@example.com')).toBe(false);
  });
});

describe('the forms', () => {
  it('normalise the address and insist on it typed again', () => {
    expect(privacySearchSchema.parse({ email: ' Ann@Example.COM ' })).toEqual({ email: 'ann@example.com' });
    expect(privacySearchSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(privacyEraseSchema.safeParse({ email: 'a@b.c', confirm_email: ' A@B.C' }).success).toBe(true);
    const mismatch = privacyEraseSchema.safeParse({ email: 'a@b.c', confirm_email: 'a@b.d' });
    expect(mismatch.error?.issues[0]?.message).toBe(PRIVACY_MESSAGES.confirmMismatch);
  });

  it('read months as 0 (off) when empty, and refuse anything but 0–240', () => {
    expect(retentionSchema.parse({ months: '' })).toEqual({ months: 0 });
    expect(retentionSchema.parse({ months: ' 36 ' })).toEqual({ months: 36 });
    expect(retentionSchema.parse({})).toEqual({ months: 0 });
    for (const months of ['-1', '1.5', '241', 'abc', '1e2', '0x10']) {
      expect(retentionSchema.safeParse({ months }).success, months).toBe(false);
    }
  });
});
