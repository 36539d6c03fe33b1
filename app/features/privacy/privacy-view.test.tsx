import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyView } from './privacy-view.tsx';
import type { PrivacySummary } from './privacy-model.ts';

const summary: PrivacySummary = {
  counts: { account: 1, savedProperties: 2, savedSearches: 1, alerts: 1, leads: 3, consents: 1, uploads: 0, emails: 4 },
  details: { alerts: '2 properties alerted so far' },
};

describe('PrivacyView', () => {
  it('posts every form with the authenticity token, and never sends the address in a URL', () => {
    const html = renderToStaticMarkup(
      <PrivacyView
        csrfToken="token-123"
        retentionMonths={24}
        isSaved={false}
        result={{ intent: 'find', email: 'ann@example.com', summary, errors: [] }}
      />,
    );
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(4);
    for (const form of forms) expect(form).toContain('method="post"');
    expect(html.match(/name="authenticity_token" value="token-123"/g)).toHaveLength(4);
    expect(html).toContain('action="/admin/privacy/export"');
    expect(html).toContain('Type the email address again to confirm');
    expect(html).toContain('2 properties alerted so far');
    expect(html).toContain('Anonymised: kept for counts');
    expect(html).toContain('value="24"');
  });

  it('offers neither export nor erasure when nothing is held, and reports an erasure', () => {
    const empty: PrivacySummary = { counts: { ...summary.counts }, details: {} };
    for (const key of Object.keys(empty.counts) as (keyof PrivacySummary['counts'])[]) empty.counts[key] = 0;
    const none = renderToStaticMarkup(
      <PrivacyView
        csrfToken="t"
        retentionMonths={0}
        isSaved
        result={{ intent: 'find', email: 'x@example.com', summary: empty, errors: [] }}
      />,
    );
    expect(none).toContain('Nothing is held about this address.');
    expect(none).not.toContain('/admin/privacy/export');
    expect(none).toContain('The retention setting has been saved.');
    const erased = renderToStaticMarkup(
      <PrivacyView
        csrfToken="t"
        retentionMonths={24}
        isSaved={false}
        result={{
          intent: 'erased',
          email: 'ann@example.com',
          counts: {
            accounts: 1,
            leadsAnonymised: 2,
            submissionsAnonymised: 0,
            uploadsDeleted: 1,
            emailsScrubbed: 3,
            emailsCancelled: 1,
          },
          errors: [],
        }}
      />,
    );
    expect(erased).toContain(
      '1 visitor account deleted, 2 leads anonymised, 1 uploaded file deleted, 3 emails cleared (1 not yet sent, cancelled)',
    );
  });
});
