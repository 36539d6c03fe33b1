import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, departments, emailOutbox, formDefinitions, leads, properties } from '../../db/schema/index.ts';
import { buildFormDefinitions } from '../../db/seed/content.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import type { RequestContext } from '../../app/lib/context.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { createAltchaChallenge } from '../../app/features/spam/spam-protection.server.ts';
import { getNewHomesDevelopment } from '../../app/features/forms/new-homes.server.ts';
import { action } from '../../app/routes/api/form-submissions.ts';
import { action as modalAction, loader } from '../../app/routes/modals/new-homes-enquiry.tsx';
import { errorList, resultValues, type FormReply } from '../../app/lib/http/form-submission.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let newHomesDepartmentId: number;

const property = (id: number, values: Partial<typeof properties.$inferInsert>): typeof properties.$inferInsert => ({
  id,
  slug: `property-${id}`,
  reference: `HV-${id}`,
  channel: 'sales',
  displayAddress: `${id} High Street, Bath`,
  addressLine1: `${id} High Street`,
  town: 'Bath',
  county: 'Somerset',
  countySlug: 'somerset',
  country: 'england',
  postcode: 'BA1 1AA',
  postcodeDistrict: 'BA1',
  location: { lng: -2.36, lat: 51.38 },
  propertyType: 'house',
  propertyStyle: 'Detached house',
  branchId: 1,
  ...values,
});

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  setRateLimitRuleForTests('formSubmissions', { limit: 1000, windowSeconds: 60 });
  const db = database.db;
  await db.insert(formDefinitions).values(buildFormDefinitions());
  await db.insert(branches).values({
    id: 1,
    slug: 'bath',
    name: 'Bath',
    addressLine1: '1 Milsom Street',
    town: 'Bath',
    county: 'Somerset',
    country: 'england',
    postcode: 'BA1 1BA',
    location: { lng: -2.36, lat: 51.38 },
    contactNumber: '01225 000000',
    email: 'bath@agency.example',
  });
  const [department] = await db
    .insert(departments)
    .values({
      branchId: 1,
      kind: 'new-homes',
      name: 'New Homes',
      label: 'new-homes',
      telephone: '01225 000001',
      email: 'newhomes.bath@agency.example',
      branchDepartmentUrlLabel: 'newhomes',
    })
    .returning({ id: departments.id });
  newHomesDepartmentId = department!.id;
  await db.insert(properties).values([
    property(10, {
      slug: 'isis-park',
      displayAddress: 'Isis Park, Weston, Bath',
      isDevelopment: true,
      tags: ['new home', 'gth development'],
    }),
    property(11, {
      slug: 'isis-park-plot-1',
      displayAddress: 'Plot 1, Isis Park, Weston, Bath',
      parentId: 10,
      tags: ['new home'],
    }),
    property(12, { slug: 'old-house', displayAddress: '12 High Street, Bath', tags: ['garden'] }),
  ]);
});

afterAll(async () => {
  setRateLimitRuleForTests();
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function altchaPayload(): Promise<string> {
  const challenge = await createAltchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const context = {
  requestId: 't',
  nonce: 'n',
  csrfToken: 'x',
  // A form-encoded post: the server has already checked the token.
  isCsrfDeferred: false,
  // A post without JavaScript keeps its result in the session for the form's page.
  session: { id: 'session', get: async () => undefined, set: async () => undefined },
  logger: pino({ level: 'silent' }),
  clientIp: '203.0.113.20',
  origin: 'http://localhost:3000',
} as unknown as RequestContext;

async function enquiry(overrides: Record<string, string | null> = {}): Promise<Response> {
  const fields: Record<string, string | null> = {
    f_id: '3',
    redirect_url: '/properties/isis-park-plot-1/new-homes-enquiry',
    hfhp: '',
    altcha: await altchaPayload(),
    'form_submission[do_not_contact]': '1',
    'lead_client[do_not_contact]': '1',
    'form_submission[development_id]': '10',
    'form_submission[property_id]': '11',
    'form_submission[first_name]': 'Ann',
    'form_submission[last_name]': 'Smith',
    'form_submission[email]': 'ann@example.com',
    'form_submission[phone]': '01225 123456',
    'form_submission[house_number]': '4',
    'form_submission[street]': 'Mill Lane',
    'form_submission[town]': 'Bath',
    'form_submission[postcode]': 'BA2 3AB',
    'form_submission[message]': 'Is plot 1 still available?',
    'marketing_preferences[opt_in_terms]': 'on',
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) body.append(name, value);
  const request = new Request('http://localhost/form_submissions', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: body.toString(),
  });
  return (await action({ request, context, params: {} } as never)) as Response;
}

describe('new-homes enquiry', () => {
  it('is offered for a development and its plots, not for other homes', async () => {
    expect(await getNewHomesDevelopment(database.db, 'isis-park')).toMatchObject({
      developmentId: 10,
      developmentName: 'Isis Park',
    });
    expect(await getNewHomesDevelopment(database.db, 'isis-park-plot-1')).toMatchObject({
      propertyId: 11,
      developmentId: 10,
      developmentName: 'Isis Park',
    });
    expect(await getNewHomesDevelopment(database.db, 'old-house')).toBeNull();
    const modal = await loader({ params: { slug: 'isis-park-plot-1' } } as never);
    expect(modal.form.slug).toBe('new-homes-enquiry');
    await expect(loader({ params: { slug: 'old-house' } } as never)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('stores a new-homes lead for the new-homes department and queues both emails', async () => {
    const response = await enquiry();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/properties/isis-park-plot-1#flash/welcome-lead-sent');
    const [lead] = await database.db.select().from(leads).where(eq(leads.kind, 'new-homes'));
    expect(lead).toMatchObject({
      propertyId: 11,
      branchId: 1,
      departmentId: newHomesDepartmentId,
      email: 'ann@example.com',
      recipientEmail: 'newhomes.bath@agency.example',
    });
    expect(lead!.payload).toMatchObject({
      development_of_interest: 'Isis Park',
      development_id: '10',
      first_name: 'Ann',
      street: 'Mill Lane',
      postcode: 'BA2 3AB',
    });
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, lead!.id));
    expect(emails.map((email) => email.toAddress).sort()).toEqual(['ann@example.com', 'newhomes.bath@agency.example']);
    expect(emails.find((email) => email.relatedKind === 'lead')!.textBody).toContain(
      'Current home address: 4, Mill Lane, Bath, BA2 3AB',
    );
  });

  it("answers each missing field with 'Please enter a valid {field name}' and requires the terms", async () => {
    const before = (await database.db.select().from(leads)).length;
    const body = new URLSearchParams({
      f_id: '3',
      redirect_url: '/properties/isis-park/new-homes-enquiry',
      hfhp: '',
      altcha: await altchaPayload(),
      'form_submission[development_id]': '10',
      'form_submission[property_id]': '10',
      'form_submission[first_name]': ' ',
    });
    const request = new Request('http://localhost/form_submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    const response = (await action({ request, context, params: {} } as never)) as Response;
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      first_name: 'Please enter a valid first name',
      last_name: 'Please enter a valid last name',
      email: 'Please enter a valid email',
      phone: 'Please enter a valid phone number',
      opt_in_terms: 'You must agree to our terms & conditions',
    });
    const html = await enquiry({ 'marketing_preferences[opt_in_terms]': null });
    expect(html.headers.get('location')).toBe('/properties/isis-park-plot-1#flash/lead-sending-error-validation');
    expect((await database.db.select().from(leads)).length).toBe(before);
  });

  it('refuses an enquiry about a property that is not a new home, and ignores a filled honeypot', async () => {
    const before = (await database.db.select().from(leads)).length;
    expect(
      (await enquiry({ 'form_submission[property_id]': '12', 'form_submission[development_id]': '12' })).headers.get(
        'location',
      ),
    ).toMatch(/#flash\/lead-sending-error-validation$/);
    expect((await enquiry({ hfhp: 'spam' })).status).toBe(303);
    expect((await database.db.select().from(leads)).length).toBe(before);
  });

  it('without JavaScript the modal judges the answers first, then the bot check, and shows both on the page', async () => {
    const before = (await database.db.select().from(leads)).length;
    const postToModal = async (overrides: Record<string, string | null>) => {
      const fields: Record<string, string | null> = {
        authenticity_token: 'token-value',
        f_id: '3',
        redirect_url: '/properties/isis-park-plot-1',
        hfhp: '',
        'form_submission[property_id]': '11',
        'form_submission[first_name]': 'Ann',
        'form_submission[last_name]': 'Smith',
        'form_submission[email]': 'ann@example.com',
        'form_submission[phone]': '01225 123456',
        'marketing_preferences[opt_in_terms]': 'on',
        ...overrides,
      };
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) if (value !== null) body.append(name, value);
      const request = new Request('http://localhost/properties/isis-park-plot-1/new-homes-enquiry', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: body.toString(),
      });
      const result = await modalAction({ request, context, params: { slug: 'isis-park-plot-1' } } as never);
      if (result instanceof Response) return { status: result.status, location: result.headers.get('location') };
      const reply = result as unknown as { data: FormReply; init: { status?: number } | null };
      return { status: reply.init?.status ?? 200, result: reply.data.formResult ?? null };
    };

    // Invalid and without a bot-check proof: the answers' errors, not the refusal.
    const invalid = await postToModal({
      'form_submission[first_name]': '',
      'marketing_preferences[opt_in_terms]': null,
    });
    expect(invalid.status).toBe(422);
    expect(errorList(invalid.result?.error)).toEqual([
      { field: 'first_name', message: 'Please enter a valid first name' },
      { field: 'opt_in_terms', message: 'You must agree to our terms & conditions' },
    ]);
    expect(resultValues(invalid.result)).not.toHaveProperty('authenticity_token');

    // Valid but without the proof: the refusal, as a whole-form error on the page; the answers come back.
    const refused = await postToModal({});
    expect(refused.status).toBe(422);
    expect(errorList(refused.result?.error)).toEqual([
      { field: 'form', message: 'We could not confirm you are not a robot. Please try again.' },
    ]);
    expect(JSON.stringify(refused.result)).toContain('ann@example.com');
    expect(JSON.stringify(refused.result)).not.toContain('token-value');
    expect((await database.db.select().from(leads)).length).toBe(before);

    const sent = await postToModal({ altcha: await altchaPayload() });
    expect(sent).toMatchObject({ status: 303, location: '/properties/isis-park-plot-1#flash/welcome-lead-sent' });
    expect((await database.db.select().from(leads)).length).toBe(before + 1);
  });
});
