import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeadDetailView, deliveryText, formatFileSize, type LeadDetailViewProps } from './lead-detail-view.tsx';
import { LeadInboxView, type LeadInboxViewProps } from './lead-inbox-view.tsx';

const list: LeadInboxViewProps['list'] = {
  leads: [
    {
      id: 7,
      kind: 'viewing',
      stage: 'new',
      receivedAt: '2026-11-25T10:30:00.000Z',
      name: 'Ann <Smith>',
      email: 'ann@example.com',
      phone: '07700 900123',
      branchName: 'Bath',
      propertyAddress: '1 Mill Lane, Bath',
      formTitle: null,
      assignedStaffId: 3,
    },
    {
      id: 6,
      kind: 'custom-form',
      stage: 'lost',
      receivedAt: '2026-11-24T09:00:00.000Z',
      name: '',
      email: 'lana@example.com',
      phone: '',
      branchName: null,
      propertyAddress: null,
      formTitle: 'Landlord enquiry',
      assignedStaffId: null,
    },
  ],
  page: 2,
  total: 120,
  lastPage: 3,
  hasNext: true,
  counts: {
    byKind: {
      viewing: 70,
      valuation: 20,
      'instant-valuation': 0,
      'staff-enquiry': 10,
      'department-enquiry': 10,
      'new-homes': 5,
      'custom-form': 5,
    },
    byStage: { new: 100, contacted: 10, booked: 5, closed: 3, lost: 2 },
  },
  countLimit: 5000,
};

const inbox = (props: Partial<LeadInboxViewProps> = {}) =>
  renderToStaticMarkup(
    <LeadInboxView
      list={list}
      filters={{ kind: 'viewing', q: 'ann' }}
      branches={[
        { id: 1, name: 'Bath' },
        { id: 2, name: 'Frome' },
      ]}
      staff={[{ id: 3, name: 'Nina Negotiator' }]}
      {...props}
    />,
  );

describe('LeadInboxView', () => {
  it('filters with a real GET form whose every field has a label and keeps the chosen values', () => {
    const html = inbox();
    expect(html).toMatch(/<form [^>]*action="\/admin\/leads" method="get">/);
    for (const id of ['q', 'kind', 'stage', 'branch', 'assignee', 'from', 'to']) {
      expect(html).toContain(`<label for="lead-filter-${id}">`);
      expect(html).toMatch(new RegExp(`id="lead-filter-${id}"[^>]* name="${id}"`));
    }
    expect(html).toContain('value="ann"');
    expect(html).toMatch(/<option value="viewing" selected="">Viewing request<\/option>/);
    expect(html).toContain('<option value="none">Nobody</option>');
  });

  it('hides the branch filter from someone with one branch', () => {
    expect(inbox({ branches: [{ id: 1, name: 'Bath' }] })).not.toContain('lead-filter-branch');
  });

  it('shows the leads in a captioned table, escaped, with links to each lead', () => {
    const html = inbox();
    expect(html).toContain('<caption id="lead-inbox-caption">Leads, newest first: 120 leads, page 2</caption>');
    expect(html).toContain('<th scope="col">Received</th>');
    expect(html).toContain('<a href="/admin/leads/7">Ann &lt;Smith&gt;</a>');
    expect(html).toContain('<a href="/admin/leads/6">lana@example.com</a>');
    expect(html).toContain('Form: Landlord enquiry');
    expect(html).toContain('Nina Negotiator');
    expect(html).toContain('Agency-wide');
    expect(html).toContain('<time dateTime="2026-11-25T10:30:00.000Z">25 Nov 2026, 10:30</time>');
  });

  it('links the counts, the pages and the CSV with the filters kept', () => {
    const html = inbox();
    expect(html).toContain(
      'href="/admin/leads?kind=valuation&amp;q=ann">Valuation request <span class="lead-inbox__count">(20)</span>',
    );
    expect(html).toContain('aria-current="true">Viewing request');
    expect(html).toContain('href="/admin/leads?kind=viewing&amp;stage=lost&amp;q=ann">Lost');
    expect(html).toContain('href="/admin/leads/export.csv?kind=viewing&amp;q=ann"');
    expect(html).toContain('href="/admin/leads?kind=viewing&amp;q=ann&amp;page=3" rel="next"');
    expect(html).toContain('href="/admin/leads?kind=viewing&amp;q=ann" rel="prev"');
  });

  it('says "more than" when a search matched too many leads to count, and when nothing matches', () => {
    const uncounted = inbox({ list: { ...list, total: null, lastPage: null, counts: null } });
    expect(uncounted).toContain('More than 5,000 leads');
    expect(uncounted).not.toContain('lead-inbox__facet');
    const empty = inbox({ list: { ...list, leads: [], total: 0, page: 1, hasNext: false, lastPage: 1 } });
    expect(empty).toContain('No leads match these filters.');
  });

  it('lists the problems with the filters', () => {
    expect(inbox({ errors: [{ field: 'from', message: 'Enter the "from" date as a real date' }] })).toContain(
      'Enter the &quot;from&quot; date as a real date',
    );
  });
});

const lead: LeadDetailViewProps['lead'] = {
  id: 7,
  kindLabel: 'Viewing request',
  stage: 'lost',
  stageLabel: 'Lost',
  lostReason: 'Bought elsewhere',
  receivedAt: '2026-11-25T10:30:00.000Z',
  assignedStaffId: 3,
  email: 'ann@example.com',
  visitor: { name: 'Ann Smith', phone: '07700 900123', address: '4 Mill Lane' },
  fields: [
    { label: 'First name', value: 'Ann' },
    { label: 'Message', value: '<script>alert(1)</script>' },
  ],
  formTitle: null,
  branch: { id: 1, name: 'Bath' },
  department: 'Bath Sales',
  staffMember: 'Ann Agent',
  property: { id: 1, title: '1 Mill Lane, Bath', url: '/properties/home-1', thumbnailUrl: '/media/home-1/front.jpg' },
  account: { id: 4, name: 'Ann Smith', email: 'ann@example.com', isSignedInLead: true },
  booking: null,
  files: [{ id: 9, name: 'cv.pdf', contentType: 'application/pdf', sizeBytes: 250_000 }],
  emails: [
    {
      id: 1,
      to: 'bath@agency.test',
      subject: 'Viewing request: 1 Mill Lane',
      purpose: 'Lead notification to staff',
      status: 'failed',
      attempts: 5,
      lastError: '550 mailbox unavailable',
      nextAttemptAt: null,
      sentAt: null,
      queuedAt: '2026-11-25T10:30:00.000Z',
    },
  ],
  notes: [{ id: 1, authorStaffId: 3, body: 'Called, no answer.', createdAt: '2026-11-25T11:00:00.000Z' }],
  history: [
    {
      id: 1,
      kind: 'stage',
      actorStaffId: 3,
      from: 'new',
      to: 'lost',
      reason: 'Bought elsewhere',
      createdAt: '2026-11-25T12:00:00.000Z',
    },
    {
      id: 2,
      kind: 'assignment',
      actorStaffId: 5,
      from: null,
      to: '3',
      reason: null,
      createdAt: '2026-11-25T12:05:00.000Z',
    },
  ],
};

const detail = (props: Partial<LeadDetailViewProps> = {}) =>
  renderToStaticMarkup(
    <LeadDetailView lead={lead} staff={[{ id: 3, name: 'Nina Negotiator' }]} csrfToken="token-123" {...props} />,
  );

describe('LeadDetailView', () => {
  it('shows what the visitor sent as labelled text, escaped', () => {
    const html = detail();
    expect(html).toContain('<h1 id="lead-detail-title">Viewing request: Ann Smith</h1>');
    expect(html).toContain('<dt>First name</dt><dd>Ann</dd>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Lost (Bought elsewhere)');
  });

  it('links the property with its thumbnail, names the account, offers the files for download', () => {
    const html = detail();
    expect(html).toContain('<a href="/properties/home-1">1 Mill Lane, Bath</a>');
    expect(html).toMatch(/<img src="[^"]*home-1[^"]*" alt="" width="160" height="120"/);
    expect(html).toContain('Ann Smith (ann@example.com) was signed in when sending this.');
    expect(html).toContain('<a href="/admin/leads/7/files/9" download="">cv.pdf</a>');
    expect(html).toContain('244 KB');
  });

  it('shows each email with its delivery state', () => {
    expect(detail()).toContain('Failed after 5 attempts: 550 mailbox unavailable');
  });

  it('posts the status, assignment and note forms with the token and an intent', () => {
    const html = detail();
    expect(html.match(/<form [^>]*action="\/admin\/leads\/7"[^>]*method="post"/g)).toHaveLength(3);
    expect(html.match(/name="authenticity_token" value="token-123"/g)).toHaveLength(3);
    for (const intent of ['stage', 'assign', 'note']) expect(html).toContain(`name="intent" value="${intent}"`);
    expect(html).toMatch(/<option value="lost" selected="">Lost<\/option>/);
    expect(html).toMatch(/<option value="3" selected="">Nina Negotiator<\/option>/);
    expect(html).toContain('for="lead-note"');
  });

  it('shows the errors of the last post in the summary and by the field', () => {
    const html = detail({ errors: [{ field: 'lost_reason', message: 'Enter why the lead was lost' }] });
    expect(html).toContain('There is a problem');
    expect(html).toContain('href="#lead-lost-reason"');
    expect(html).toContain('id="lead-lost-reason-error"');
  });

  it('tells the history in words', () => {
    const html = detail();
    expect(html).toContain('Nina Negotiator changed the status from New to Lost (Bought elsewhere)');
    expect(html).toContain('Staff member 5 assigned the lead to Nina Negotiator');
  });
});

describe('detail helpers', () => {
  it('describes delivery and sizes in words', () => {
    const base = lead.emails[0]!;
    expect(deliveryText({ ...base, status: 'pending', attempts: 0 })).toBe('Waiting to be sent');
    expect(
      deliveryText({
        ...base,
        status: 'pending',
        attempts: 2,
        nextAttemptAt: '2026-11-25T12:00:00.000Z',
        lastError: '421 busy',
      }),
    ).toBe('Retrying (attempt 3) at 25 Nov 2026, 12:00; last answer: 421 busy');
    expect(deliveryText({ ...base, status: 'sent', sentAt: '2026-11-25T12:00:00.000Z' })).toBe(
      'Sent 25 Nov 2026, 12:00',
    );
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});
