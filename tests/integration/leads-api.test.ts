import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, leads } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { setRateLimitRuleForTests, RATE_LIMIT_MESSAGE } from '../../app/lib/rate-limit.server.ts';
import { LEAD_MESSAGES, SEND_TO_FRIEND_MESSAGES } from '../../app/features/leads/lead-schemas.ts';
import { BOT_CHECK_FAILED_MESSAGE } from '../../app/features/spam/spam-protection.ts';
import { action as propertyLeadsAction } from '../../app/routes/api/property-leads.ts';
import { action as leadsAction } from '../../app/routes/api/leads.ts';
import { action as sendToFriendAction } from '../../app/routes/api/send-to-friend.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { ANN_EMAIL, BRANCH_EMAIL, insertLeadFixtures, LETTINGS_EMAIL } from './leads-fixtures.ts';

const botCheck = vi.hoisted(() => ({ passes: true, calls: 0 }));
vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: () => {
    botCheck.calls++;
    return Promise.resolve(botCheck.passes);
  },
  getBotCheckConfig: () => Promise.resolve({ version: 'off', siteKey: null }),
}));

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertLeadFixtures(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  botCheck.passes = true;
  setRateLimitRuleForTests();
});

let ipCounter = 0;
function fakeContext(clientIp = `198.51.100.${++ipCounter}`) {
  const store = new Map<string, unknown>();
  return {
    clientIp,
    origin: 'https://agency.test',
    requestId: 'test',
    logger: pino({ level: 'silent' }),
    session: {
      getUserId: () => Promise.resolve(null),
      get: <T>(key: string) => Promise.resolve(store.get(key) as T | undefined),
      set: (key: string, value: unknown) => {
        store.set(key, value);
        return Promise.resolve();
      },
    },
    store,
  };
}

const viewingFields = {
  'lead_client[first_name]': 'Zoë',
  'lead_client[last_name]': 'Adams',
  'lead_client[tel_home]': '01225 123456',
  'lead_client[email]': 'zoe@example.com',
  'lead_client[house_name]': '',
  'lead_client[house_number]': '4',
  'lead_client[street_address]': 'Mill Lane',
  'lead_client[town]': 'Bath',
  'lead_client[county]': '',
  'lead_client[postcode]': 'BA1 2AB',
  'lead_client[body]': '',
  'lead_client[do_not_contact]': '1',
  'lead[message]': 'Could I see it on Saturday morning?',
  'lead[lead_type]': 'email_portal_lead',
  'marketing_preferences[opt_in_terms]': 'on',
  authenticity_token: 'checked-by-the-server',
};

type Context = ReturnType<typeof fakeContext>;

function formRequest(path: string, fields: Record<string, string>, accept = 'application/json') {
  return new Request(`https://agency.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept },
    body: new URLSearchParams(fields),
  });
}

async function postViewing(
  fields: Record<string, string>,
  options: { context?: Context; accept?: string; propertyId?: string; channel?: string } = {},
) {
  const context = options.context ?? fakeContext();
  const propertyId = options.propertyId ?? '1';
  const channel = options.channel ?? 'sales';
  const args = {
    request: formRequest(`/properties/${propertyId}/${channel}/leads`, fields, options.accept),
    params: { propertyId, channel },
    context,
  } as unknown as Parameters<typeof propertyLeadsAction>[0];
  return propertyLeadsAction(args);
}

async function postLead(body: Record<string, unknown>, context: Context = fakeContext()) {
  const request = new Request('https://agency.test/leads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return leadsAction({ request, params: {}, context } as unknown as Parameters<typeof leadsAction>[0]);
}

async function postSendToFriend(fields: Record<string, string>, options: { context?: Context; accept?: string } = {}) {
  const request = formRequest('/user/send_to_friend', fields, options.accept);
  return sendToFriendAction({
    request,
    params: {},
    context: options.context ?? fakeContext(),
  } as unknown as Parameters<typeof sendToFriendAction>[0]);
}

async function latestLead() {
  const [lead] = await database.db.select().from(leads).orderBy(desc(leads.id)).limit(1);
  return lead;
}

async function leadCount() {
  return (await database.db.select({ id: leads.id }).from(leads)).length;
}

async function emailsFor(leadId: number) {
  const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, leadId));
  return rows.sort((a, b) => a.id - b.id);
}

describe('POST /properties/{property_id}/{channel}/leads (book a viewing)', () => {
  it('stores a viewing lead for the property and queues the staff email and the confirmation', async () => {
    const response = await postViewing(viewingFields);
    expect(response.status).toBe(200);
    const lead = await latestLead();
    expect(lead).toMatchObject({
      kind: 'viewing',
      status: 'received',
      email: 'zoe@example.com',
      propertyId: 1,
      branchId: 1,
      staffMemberId: 1,
      recipientEmail: ANN_EMAIL,
    });
    expect(lead!.payload).toMatchObject({
      lead_client: { first_name: 'Zoë', do_not_contact: '1' },
      lead: { lead_type: 'email_portal_lead', message: 'Could I see it on Saturday morning?' },
      marketing_preferences: { opt_in_terms: 'on' },
    });
    expect(JSON.stringify(lead!.payload)).not.toContain('authenticity_token');
    expect(JSON.stringify(lead!.payload)).not.toContain('"body"');
    const emails = await emailsFor(lead!.id);
    expect(emails.map((email) => email.toAddress)).toEqual([ANN_EMAIL, 'zoe@example.com']);
    expect(emails[0]!.subject).toBe('Viewing request: 1 Mill Lane, Bath');
    expect(emails[0]!.textBody).toContain('https://agency.test/properties/home-1');
    expect(emails[0]!.textBody).toContain('Phone: 01225 123456');
  });

  it.each([
    ['lead_client[first_name]', 'Zo3', 'first_name', LEAD_MESSAGES.firstName],
    ['lead_client[last_name]', '  ', 'last_name', LEAD_MESSAGES.lastName],
    ['lead_client[email]', 'zoe@', 'email', LEAD_MESSAGES.email],
    ['lead_client[tel_home]', '0122S 1234', 'tel_home', LEAD_MESSAGES.phone],
    ['lead_client[tel_home]', '12345', 'tel_home', LEAD_MESSAGES.phone],
    ['lead[message]', '   ', 'message', LEAD_MESSAGES.message],
    ['marketing_preferences[opt_in_terms]', '', 'opt_in_terms', LEAD_MESSAGES.terms],
  ])('answers 422 when %s is %j', async (name, value, field, message) => {
    const before = await leadCount();
    const response = await postViewing({ ...viewingFields, [name]: value });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ errors: { [field]: message } });
    expect(await leadCount()).toBe(before);
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    const before = await leadCount();
    const response = await postViewing({ ...viewingFields, 'lead_client[body]': 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await leadCount()).toBe(before);
  });

  it('refuses a failed bot check with 422 and stores nothing', async () => {
    botCheck.passes = false;
    const before = await leadCount();
    const response = await postViewing(viewingFields);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ errors: { form: BOT_CHECK_FAILED_MESSAGE } });
    expect(await leadCount()).toBe(before);
  });

  it('answers 429 once the per-IP limit is used up', async () => {
    setRateLimitRuleForTests('leads', { limit: 2, windowSeconds: 600 });
    const context = fakeContext('192.0.2.77');
    expect((await postViewing(viewingFields, { context })).status).toBe(200);
    expect((await postViewing(viewingFields, { context })).status).toBe(200);
    const limited = await postViewing(viewingFields, { context });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ error: RATE_LIMIT_MESSAGE });
    // Another visitor is unaffected.
    expect((await postViewing(viewingFields)).status).toBe(200);
  });

  it('answers 404 for an unknown or unpublished property or a bad channel', async () => {
    expect((await postViewing(viewingFields, { propertyId: '999' })).status).toBe(404);
    expect((await postViewing(viewingFields, { propertyId: '3' })).status).toBe(404);
    expect((await postViewing(viewingFields, { channel: 'auctions' })).status).toBe(404);
    expect((await postViewing(viewingFields, { propertyId: 'abc' })).status).toBe(404);
  });

  it('answers 400, not 500, to a body it cannot read', async () => {
    const request = new Request('https://agency.test/properties/1/sales/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"lead_client":',
    });
    const response = await propertyLeadsAction({
      request,
      params: { propertyId: '1', channel: 'sales' },
      context: fakeContext(),
    } as unknown as Parameters<typeof propertyLeadsAction>[0]);
    expect(response.status).toBe(400);
  });

  it('without JavaScript: redirects to the property with the welcome-lead-sent flash', async () => {
    const response = await postViewing(viewingFields, { accept: 'text/html' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/properties/home-1#flash/welcome-lead-sent');
  });

  it('without JavaScript: an invalid form goes back to the modal with the answers and errors kept', async () => {
    const context = fakeContext();
    const response = await postViewing(
      { ...viewingFields, 'lead_client[email]': 'nope', return_to: '/book-a-viewing?property=home-1' },
      { context, accept: 'text/html' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      '/book-a-viewing?property=home-1#flash/lead-sending-error-validation',
    );
    expect(context.store.get('leadFormState')).toMatchObject({
      form: 'viewing',
      errors: { email: LEAD_MESSAGES.email },
      values: { 'lead_client[first_name]': 'Zoë', 'lead_client[email]': 'nope', opt_in_terms: 'on' },
    });
  });
});

const contactFields = {
  lead_client: {
    first_name: 'Ann-Marie',
    last_name: 'Lée',
    tel_home: '07700900123',
    email: 'am@example.com',
    body: '',
    do_not_contact: '1',
  },
  market_preferences: { opt_in_terms: 'on' },
  authenticity_token: 'checked-by-the-server',
};

describe('POST /leads (staff and department leads)', () => {
  it('stores a staff lead for the staff member and emails them', async () => {
    const response = await postLead({
      ...contactFields,
      lead: { agency_employee_id: '1', channel: 'sales', message: '' },
    });
    expect(response.status).toBe(200);
    const lead = await latestLead();
    expect(lead).toMatchObject({ kind: 'staff-enquiry', staffMemberId: 1, departmentId: 1, branchId: 1 });
    const emails = await emailsFor(lead!.id);
    expect(emails.map((email) => email.toAddress)).toEqual([ANN_EMAIL, 'am@example.com']);
    expect(emails[0]!.subject).toBe('Enquiry for Ann Smith');
  });

  it('stores a department lead and emails the department', async () => {
    const response = await postLead({
      ...contactFields,
      lead: { lead_type: 'branch_department_enquiry', branch_department_id: '2', branch_id: '1', message: 'Hi' },
    });
    expect(response.status).toBe(200);
    const lead = await latestLead();
    expect(lead).toMatchObject({ kind: 'department-enquiry', departmentId: 2, branchId: 1 });
    expect((await emailsFor(lead!.id))[0]!.toAddress).toBe(LETTINGS_EMAIL);
  });

  it('stores a branch lead (is_branch_lead = 1) and emails the branch', async () => {
    const response = await postLead({
      ...contactFields,
      lead: { lead_type: 'branch_department_enquiry', branch_id: '1', is_branch_lead: '1' },
    });
    expect(response.status).toBe(200);
    const lead = await latestLead();
    expect(lead).toMatchObject({ kind: 'department-enquiry', departmentId: null, branchId: 1 });
    expect((await emailsFor(lead!.id))[0]!.toAddress).toBe(BRANCH_EMAIL);
  });

  it('answers 422 with the field messages for an invalid staff or department lead', async () => {
    const response = await postLead({
      ...contactFields,
      lead_client: { ...contactFields.lead_client, first_name: '', tel_home: 'abc' },
      market_preferences: {},
      lead: { agency_employee_id: '1', channel: 'sales' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: {
        first_name: LEAD_MESSAGES.firstName,
        tel_home: LEAD_MESSAGES.phone,
        opt_in_terms: LEAD_MESSAGES.terms,
      },
    });
  });

  it('answers 404 for an unknown staff member or office and 422 for an unknown lead type', async () => {
    expect((await postLead({ ...contactFields, lead: { agency_employee_id: '99' } })).status).toBe(404);
    expect(
      (await postLead({ ...contactFields, lead: { lead_type: 'branch_department_enquiry', branch_id: '42' } })).status,
    ).toBe(404);
    expect((await postLead({ ...contactFields, lead: { message: 'hello' } })).status).toBe(422);
  });

  it('accepts a filled honeypot without storing anything, and rate-limits per IP', async () => {
    const before = await leadCount();
    const trap = await postLead({
      ...contactFields,
      lead_client: { ...contactFields.lead_client, body: 'buy now' },
      lead: { agency_employee_id: '1' },
    });
    expect(trap.status).toBe(200);
    expect(await leadCount()).toBe(before);

    setRateLimitRuleForTests('leads', { limit: 1, windowSeconds: 600 });
    const context = fakeContext('192.0.2.88');
    expect((await postLead({ ...contactFields, lead: { agency_employee_id: '1' } }, context)).status).toBe(200);
    expect((await postLead({ ...contactFields, lead: { agency_employee_id: '1' } }, context)).status).toBe(429);
  });

  it('hands valuation requests (lead[is_valuation_request]) to the valuation handler', async () => {
    const before = await leadCount();
    const response = await postLead({ ...contactFields, lead: { is_valuation_request: true, channel: 'selling' } });
    // The valuation handler answers with its own error list (street, town and postcode are required there).
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: unknown };
    expect(Array.isArray(body.errors)).toBe(true);
    expect(await leadCount()).toBe(before);
  });

  it('also takes a form-encoded post and, without JavaScript, redirects with a flash key', async () => {
    const request = formRequest(
      '/leads',
      {
        'lead_client[first_name]': 'Ann',
        'lead_client[last_name]': 'Lee',
        'lead_client[tel_home]': '0123456',
        'lead_client[email]': 'ann@example.com',
        'lead[agency_employee_id]': '1',
        'lead[channel]': 'sales',
        'market_preferences[opt_in_terms]': 'on',
        success_to: '/properties/home-1',
        return_to: '/properties/home-1/contact-staff-member/1',
      },
      'text/html',
    );
    const response = await leadsAction({
      request,
      params: {},
      context: fakeContext(),
    } as unknown as Parameters<typeof leadsAction>[0]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/properties/home-1#flash/welcome-lead-sent');
  });
});

const friendFields = {
  'send_to_friend[name]': 'Zoë Adams',
  'send_to_friend[email]': 'zoe@example.com',
  'send_to_friend[friend_email]': 'sam@example.com',
  'send_to_friend[message]': 'This one has the garden you wanted.',
  'send_to_friend[body]': '',
  property_id: '1',
  authenticity_token: 'checked-by-the-server',
};

describe('POST /user/send_to_friend', () => {
  it('emails the property link to the friend and keeps a send-to-friend lead', async () => {
    const response = await postSendToFriend(friendFields, { accept: 'text/html' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/properties/home-1#flash/send-property-sent');
    const lead = await latestLead();
    expect(lead).toMatchObject({ kind: 'send-to-friend', propertyId: 1, email: 'zoe@example.com' });
    const emails = await emailsFor(lead!.id);
    expect(emails.map((email) => email.toAddress)).toEqual(['sam@example.com']);
    expect(emails[0]!.textBody).toContain('https://agency.test/properties/home-1');
    expect(emails[0]!.textBody).toContain('This one has the garden you wanted.');
  });

  it('sends nothing for invalid input (422, or the send-property-invalid flash without JavaScript)', async () => {
    const before = await leadCount();
    const json = await postSendToFriend({ ...friendFields, 'send_to_friend[friend_email]': 'sam' });
    expect(json.status).toBe(422);
    expect(await json.json()).toEqual({ errors: { friend_email: SEND_TO_FRIEND_MESSAGES.friendEmail } });
    const html = await postSendToFriend(
      { ...friendFields, 'send_to_friend[message]': 'see www.spam.example' },
      { accept: 'text/html' },
    );
    expect(html.status).toBe(303);
    expect(html.headers.get('location')).toBe('/properties/home-1/send-to-friend#flash/send-property-invalid');
    expect(await leadCount()).toBe(before);
  });

  it('drops honeypot posts, and limits each IP', async () => {
    const before = await leadCount();
    expect((await postSendToFriend({ ...friendFields, 'send_to_friend[body]': 'x' })).status).toBe(200);
    expect(await leadCount()).toBe(before);
    setRateLimitRuleForTests('sendToFriend', { limit: 1, windowSeconds: 3600 });
    const context = fakeContext('192.0.2.99');
    expect((await postSendToFriend(friendFields, { context })).status).toBe(200);
    expect((await postSendToFriend(friendFields, { context })).status).toBe(429);
  });
});

describe('prototype-named fields in lead posts', () => {
  const hostileNames = [
    '__proto__',
    'constructor',
    'prototype',
    'toString[x]',
    '__proto__[x]',
    'lead_client[__proto__]',
  ];

  it('answers as for any other extra field (no 500) on every lead call', async () => {
    const extra = Object.fromEntries(hostileNames.map((name) => [name, 'v']));
    expect((await postViewing({ ...viewingFields, ...extra }, { accept: 'application/json' })).status).toBe(200);
    expect((await postSendToFriend({ ...friendFields, ...extra }, { accept: 'application/json' })).status).toBe(200);
    const staffBody = JSON.stringify({
      ...contactFields,
      lead: { agency_employee_id: '1', channel: 'sales', message: '' },
      constructor: { polluted: true },
      toString: 'x',
    }).replace('"lead_client":{', '"lead_client":{"__proto__":{"polluted":true},"constructor":"y",');
    const staff = (await leadsAction({
      request: new Request('https://agency.test/leads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: staffBody,
      }),
      params: {},
      context: fakeContext(),
    } as unknown as Parameters<typeof leadsAction>[0])) as Response;
    expect(staff.status).toBe(200);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('keeps a form-encoded valuation request from reaching Object.prototype through a `__proto__[x]` name', async () => {
    const response = (await leadsAction({
      request: formRequest('/leads', {
        'lead_client[first_name]': 'Ann',
        'lead_client[last_name]': 'Lee',
        'lead[is_valuation_request]': 'true',
        'lead[channel]': 'selling',
        '__proto__[polluted]': 'yes',
        'constructor[polluted]': 'yes',
        'toString[polluted]': 'yes',
      }),
      params: {},
      context: fakeContext(),
    } as unknown as Parameters<typeof leadsAction>[0])) as Response;
    // The valuation handler's own answer to a request without an address, as without the hostile names.
    expect(response.status).toBe(422);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
