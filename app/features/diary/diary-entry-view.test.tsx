import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiaryEntryView, suggestedTime } from './diary-entry-view.tsx';

const entry = {
  leadId: 7,
  kind: 'valuation' as const,
  state: 'requested' as const,
  receivedAt: '2026-11-20T09:00:00.000Z',
  visitor: { name: 'Sam Seller', email: 'sam@example.com', phone: '', message: '' },
  address: '2 Orchard Road, Bath',
  branch: { id: 1, slug: 'bath', name: 'Bath' },
  slots: { date: '2026-12-01', times: ['9:00', '10:00'] },
  appointment: null,
};

describe('the confirm form’s suggested time', () => {
  it('is the visitor’s first slot, on the 24-hour clock', () => {
    expect(suggestedTime(entry.slots, '2026-11-25')).toEqual({ date: '2026-12-01', time: '09:00' });
  });

  it('is 10:00 the next day when the visitor chose no slot (a viewing request)', () => {
    expect(suggestedTime(null, '2026-12-31')).toEqual({ date: '2027-01-01', time: '10:00' });
  });
});

describe('the entry page', () => {
  it('offers only the confirm form for a request, pre-filled, with the token', () => {
    const html = renderToStaticMarkup(<DiaryEntryView entry={entry} today="2026-11-25" csrfToken="token-1" />);
    expect(html).toContain('value="confirm"');
    expect(html).not.toContain('value="reschedule"');
    expect(html).not.toContain('value="cancel"');
    expect(html).toContain('value="2026-12-01"');
    expect(html).toContain('value="09:00"');
    expect(html).toContain('value="token-1"');
  });

  it('offers reschedule and cancel once booked', () => {
    const booked = {
      ...entry,
      state: 'confirmed' as const,
      appointment: {
        state: 'confirmed' as const,
        startsAt: '2026-12-01T11:00:00.000Z',
        date: '2026-12-01',
        minutes: 660,
        durationMinutes: 45,
        cancelReason: null,
      },
    };
    const html = renderToStaticMarkup(<DiaryEntryView entry={booked} today="2026-11-25" csrfToken="t" />);
    expect(html).not.toContain('value="confirm"');
    expect(html).toContain('value="reschedule"');
    expect(html).toContain('value="cancel"');
    expect(html).toContain('value="11:00"');
    expect(html).toContain('Tuesday 1 December 2026 at 11:00');
  });
});
