/**
 * The branch and staff-profile editors' routes: a manager reaches only their own branches and those branches'
 * profiles (any other id answers 404, for reading and writing, including another branch's department id inside a
 * form); saves change the database, raise the version, record before and after, announce the branch's pages and
 * refresh the in-process copies at once; a save from an older version is refused with the message; bad and hostile
 * input answers with messages, never a 500.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, departments, staffMembers } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { BRANCH_MESSAGES } from '../../app/features/branch-editor/branch-editor-schemas.ts';
import { STAFF_PROFILE_MESSAGES } from '../../app/features/branch-editor/staff-profile-schemas.ts';
import { getBranchBySlug } from '../../app/features/content/branch-queries.server.ts';
import { getBranchContacts } from '../../app/features/properties/index.server.ts';
import { findNearestBranch } from '../../app/features/valuation/branch-lookup.server.ts';
import * as listRoute from '../../app/routes/admin/branches.tsx';
import * as branchRoute from '../../app/routes/admin/branch.tsx';
import * as newBranchRoute from '../../app/routes/admin/branch-new.tsx';
import * as staffListRoute from '../../app/routes/admin/branch-staff.tsx';
import * as profileRoute from '../../app/routes/admin/branch-staff-profile.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches, type RouteAnswer, signedInStaff, staffRouteCaller, formErrorsOf } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
const cookies: Record<string, () => Promise<string>> = {};
const department: Record<'bath' | 'bristol', number> = { bath: 0, bristol: 0 };
const profiles: Record<'bath' | 'bristol', number[]> = { bath: [], bristol: [] };
const announced: string[][] = [];
let stopListening: () => void = () => undefined;

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  cookies[name] = (await signedInStaff(database.db, role, branchSlugs)).cookie;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  // The fixture gives the branches their ids, as the seed does; the seed then moves the sequence on, and so does this.
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('branches', 'id'), (select max(id) from branches))`,
  );
  for (const [slug, branchId] of [
    ['bath', BATH],
    ['bristol', BRISTOL],
  ] as const) {
    const [row] = await database.db
      .insert(departments)
      .values({
        branchId,
        kind: 'sales',
        name: `${slug} sales`,
        label: 'Sales',
        telephone: '01632 960001',
        email: `sales.${slug}@agency.example`,
        branchDepartmentUrlLabel: 'sales',
      })
      .returning({ id: departments.id });
    department[slug] = row!.id;
    for (const [position, firstName] of ['Ada', 'Ben', 'Cy'].entries()) {
      const [profile] = await database.db
        .insert(staffMembers)
        .values({
          branchId,
          firstName: `${firstName}${slug}`,
          surname: 'Example',
          jobTitle: 'Negotiator',
          email: `${firstName.toLowerCase()}.${slug}@agency.example`,
          telephoneNumber: '01632 960100',
          position,
        })
        .returning({ id: staffMembers.id });
      profiles[slug].push(profile!.id);
    }
  }
  await makeStaff('owner', 'owner', []);
  await makeStaff('bathManager', 'manager', ['bath']);
  await makeStaff('negotiator', 'negotiator', ['bath']);
  await makeStaff('editor', 'editor', ['bath']);
  stopListening = onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  stopListening();
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  announced.length = 0;
});

const call = staffRouteCaller(() => database.db, cookies);

/** The edit form of a branch as the page would post it, from what is saved, with changes. */
async function branchForm(branchId: number, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const [row] = await database.db.select().from(branches).where(eq(branches.id, branchId));
  const own = await database.db.select().from(departments).where(eq(departments.branchId, branchId));
  const form: Record<string, string> = {
    version: String(row!.version),
    name: row!.name,
    address_line_1: row!.addressLine1,
    town: row!.town,
    county: row!.county,
    postcode: row!.postcode,
    contact_number: row!.contactNumber,
    sales_contact_number: row!.salesContactNumber ?? '',
    lettings_contact_number: row!.lettingsContactNumber ?? '',
    email: row!.email,
    description: row!.description,
    latitude: String(row!.location.lat),
    longitude: String(row!.location.lng),
    covered_postcode_districts: row!.coveredPostcodeDistricts.join(', '),
  };
  own.forEach((entry, index) => {
    form[`departments[${index}].id`] = String(entry.id);
    form[`departments[${index}].telephone`] = entry.telephone;
    form[`departments[${index}].email`] = entry.email;
  });
  for (let day = 0; day < 7; day++) {
    const period = row!.openingHours?.week[day]?.[0];
    form[`hours[${day}].opens`] = period?.opens ?? (day < 5 ? '09:00' : '');
    form[`hours[${day}].closes`] = period?.closes ?? (day < 5 ? '17:30' : '');
  }
  return { ...form, ...changes };
}

const errorsOf = formErrorsOf;

describe('the branch list and form', () => {
  it('lists every branch for an owner and only their own for a manager', async () => {
    const forOwner = await call('owner', listRoute.loader, '/admin/branches', {});
    const forManager = await call('bathManager', listRoute.loader, '/admin/branches', {});
    const names = (answer: RouteAnswer) =>
      (answer.data as { branches: { name: string }[] }).branches.map((b) => b.name);
    expect(names(forOwner)).toEqual(['Bath', 'Bristol']);
    expect(names(forManager)).toEqual(['Bath']);
  });

  it('answers 404 for another branch, an unknown one and a malformed id', async () => {
    for (const id of ['2', '999', 'abc', '0', '1e3', '99999999999']) {
      const answer = await call('bathManager', branchRoute.loader, `/admin/branches/${id}`, { id });
      expect(answer.status, id).toBe(404);
    }
    const own = await call('bathManager', branchRoute.loader, '/admin/branches/1', { id: '1' });
    expect(own.status).toBe(200);
  });

  it('refuses negotiators and editors', async () => {
    for (const who of ['negotiator', 'editor']) {
      const answer = await call(who, branchRoute.loader, '/admin/branches/1', { id: '1' });
      expect(answer.status, who).toBe(403);
    }
  });
});

describe('saving a branch', () => {
  it('saves, raises the version, records before and after and announces the branch at once', async () => {
    const before = await getBranchContacts(database.db, BATH);
    expect(before?.branch.salesContactNumber).toBeNull();
    const form = await branchForm(BATH, {
      sales_contact_number: '01632 960777',
      'departments[0].telephone': '01632 960778',
      covered_postcode_districts: 'ba2, BA3 ba2',
      'hours[5].opens': '10:00',
      'hours[5].closes': '13:00',
      'exceptions[0].date': '2026-12-25',
      'exceptions[0].name': 'Christmas Day',
    });
    const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, form);
    expect(answer.status).toBe(303);
    expect(answer.response?.headers.get('location')).toBe('/admin/branches/1?saved=1');

    const [row] = await database.db.select().from(branches).where(eq(branches.id, BATH));
    expect(row!.salesContactNumber).toBe('01632 960777');
    expect(row!.version).toBe(2);
    expect(row!.coveredPostcodeDistricts).toEqual(['BA2', 'BA3']);
    expect(row!.openingHours?.week[5]).toEqual([{ opens: '10:00', closes: '13:00' }]);
    expect(row!.openingHours?.exceptions).toEqual([{ date: '2026-12-25', name: 'Christmas Day', periods: [] }]);
    const [own] = await database.db.select().from(departments).where(eq(departments.id, department.bath));
    expect(own!.telephone).toBe('01632 960778');

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'branch.updated'))
      .orderBy(asc(auditLog.id));
    expect(entry!.target).toBe('branch:1');
    const details = entry!.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before.salesContactNumber).toBeNull();
    expect(details.after.salesContactNumber).toBe('01632 960777');
    expect(details.after).not.toHaveProperty('name');

    expect(announced).toContainEqual(['branch:bath']);
    // The property pages' copy of the branch was dropped: the new number shows at once.
    const after = await getBranchContacts(database.db, BATH);
    expect(after?.branch.salesContactNumber).toBe('01632 960777');
  });

  it('refuses a save made from an older version, with the message, and changes nothing', async () => {
    const stale = await branchForm(BATH, { version: '1', contact_number: '01632 960999' });
    const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, stale);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ conflict: BRANCH_MESSAGES.conflict });
    const [row] = await database.db.select().from(branches).where(eq(branches.id, BATH));
    expect(row!.contactNumber).not.toBe('01632 960999');
    expect(announced).toEqual([]);
  });

  it('answers another branch 404 for a manager, and another branch’s department inside the form too', async () => {
    const bristolForm = await branchForm(BRISTOL, { contact_number: '01632 960555' });
    const other = await call('bathManager', branchRoute.action, '/admin/branches/2', { id: '2' }, bristolForm);
    expect(other.status).toBe(404);

    const smuggled = await branchForm(BATH, {
      'departments[0].id': String(department.bristol),
      'departments[0].telephone': '01632 960444',
    });
    const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, smuggled);
    expect(answer.status).toBe(404);
    const [bristolDepartment] = await database.db
      .select()
      .from(departments)
      .where(eq(departments.id, department.bristol));
    expect(bristolDepartment!.telephone).toBe('01632 960001');
    const [bristol] = await database.db.select().from(branches).where(eq(branches.id, BRISTOL));
    expect(bristol!.contactNumber).toBe('01225 000000');
  });

  it('lets an owner save any branch', async () => {
    const form = await branchForm(BRISTOL, { name: 'Bristol Clifton' });
    const answer = await call('owner', branchRoute.action, '/admin/branches/2', { id: '2' }, form);
    expect(answer.status).toBe(303);
    // A new name is on every card of the branch's properties.
    expect(announced).toContainEqual(['branch:bristol', 'listings']);
  });

  it('answers bad input with the messages, keeping what was typed', async () => {
    const form = await branchForm(BATH, {
      contact_number: 'call us',
      email: 'bath at agency',
      postcode: 'nowhere',
      latitude: '200',
      longitude: 'east',
      covered_postcode_districts: 'BA1, <script>',
      'hours[0].opens': '09:00',
      'hours[0].closes': '',
      'exceptions[0].date': '2026-02-30',
      'exceptions[0].name': '',
    });
    const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, form);
    expect(answer.status).toBe(422);
    expect(errorsOf(answer)).toMatchObject({
      contact_number: [BRANCH_MESSAGES.phone],
      email: [BRANCH_MESSAGES.email],
      postcode: [BRANCH_MESSAGES.postcode],
      latitude: [BRANCH_MESSAGES.latitude],
      longitude: [BRANCH_MESSAGES.longitude],
      covered_postcode_districts: [BRANCH_MESSAGES.postcodeDistricts],
      'hours[0].closes': [BRANCH_MESSAGES.bothTimes],
      'exceptions[0].date': [BRANCH_MESSAGES.date],
      'exceptions[0].name': [BRANCH_MESSAGES.exceptionName],
    });
  });

  it('never answers hostile values with a 500', async () => {
    const hostile = ['', ' ', '\u0000', 'x'.repeat(20_000), '<img src=x onerror=alert(1)>', '-1', '1e309', 'NaN', '[]'];
    for (const value of hostile) {
      for (const name of ['version', 'name', 'latitude', 'hours[0].opens', 'departments[0].id', 'exceptions[9].date']) {
        const form = await branchForm(BATH, { [name]: value });
        const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, form);
        // A NUL character is refused by the request reader itself (400).
        expect([303, 400, 404, 409, 422], `${name}=${JSON.stringify(value.slice(0, 20))}`).toContain(answer.status);
      }
    }
    const empty = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, {});
    expect(empty.status).toBe(422);
  });

  it('keeps the site’s text plain: controls removed, markup kept as text for React to escape', async () => {
    const form = await branchForm(BATH, {
      name: '  Bath\u202e <b>Centre</b>\u0007 ',
      description: 'One\r\n\r\n\r\nTwo',
    });
    const answer = await call('bathManager', branchRoute.action, '/admin/branches/1', { id: '1' }, form);
    expect(answer.status).toBe(303);
    const page = await getBranchBySlug(database.db, 'bath');
    expect(page?.branchName).toBe('Bath <b>Centre</b>');
    expect(page?.description).toBe('One\n\nTwo');
  });
});

describe('adding a branch', () => {
  const newBranch = {
    name: 'Wells',
    address_line_1: '3 Market Place',
    town: 'Wells',
    county: 'Somerset',
    postcode: 'ba5 2rb',
    country: 'england',
    contact_number: '01632 960300',
    email: 'wells@agency.example',
    latitude: '51.2093',
    longitude: '-2.6445',
  };

  it('is for owners: a manager is refused', async () => {
    const answer = await call('bathManager', newBranchRoute.action, '/admin/branches/new', {}, newBranch);
    expect(answer.status).toBe(403);
  });

  it('makes the branch with sales and lettings departments, and shows it at once', async () => {
    const answer = await call('owner', newBranchRoute.action, '/admin/branches/new', {}, newBranch);
    expect(answer.status).toBe(303);
    const page = await getBranchBySlug(database.db, 'wells');
    expect(page).toMatchObject({ branchName: 'Wells', postcode: 'BA5 2RB', departmentLabels: ['Sales', 'Lettings'] });
    expect(answer.response?.headers.get('location')).toBe(`/admin/branches/${page!.id}?saved=1`);
    expect(announced).toContainEqual(['listings', 'branch:wells']);
    const again = await call(
      'owner',
      newBranchRoute.action,
      '/admin/branches/new',
      {},
      { ...newBranch, name: 'wells!' },
    );
    expect(again.status).toBe(422);
    expect(errorsOf(again)).toMatchObject({ name: [BRANCH_MESSAGES.slugTaken] });
    const bad = await call(
      'owner',
      newBranchRoute.action,
      '/admin/branches/new',
      {},
      { ...newBranch, country: 'france' },
    );
    expect(errorsOf(bad)).toMatchObject({ country: [BRANCH_MESSAGES.country] });
  });
});

describe('the valuation postcode lookup', () => {
  it('sends a covered district to the branch that covers it, whatever the distance', async () => {
    await database.db
      .update(branches)
      .set({ coveredPostcodeDistricts: ['GL50'] })
      .where(eq(branches.id, BRISTOL));
    expect(await findNearestBranch(database.db, 'GL50 1SD')).toMatchObject({ id: BRISTOL });
    expect(await findNearestBranch(database.db, 'gl501sd')).toMatchObject({ id: BRISTOL });
    // Not covered and not located: no branch.
    expect(await findNearestBranch(database.db, 'ZE1 0AA')).toBeNull();
  });
});

describe('staff profiles', () => {
  it('lists a branch’s profiles for its manager; another branch’s are 404', async () => {
    const own = await call('bathManager', staffListRoute.loader, '/admin/branches/1/staff', { id: '1' });
    expect(own.status).toBe(200);
    const other = await call('bathManager', staffListRoute.loader, '/admin/branches/2/staff', { id: '2' });
    expect(other.status).toBe(404);
    for (const [id, staffId] of [
      ['2', profiles.bristol[0]!],
      ['1', profiles.bristol[0]!],
    ] as const) {
      const params = { id, staffId: String(staffId) };
      const url = `/admin/branches/${id}/staff/${staffId}`;
      expect((await call('bathManager', profileRoute.loader, url, params)).status, url).toBe(404);
      const post = await call('bathManager', profileRoute.action, url, params, {
        version: '1',
        first_name: 'Mallory',
        surname: 'X',
        job_title: 'Y',
        bio: '',
        telephone_number: '01632 960100',
        email: 'm@agency.example',
        branch_id: '1',
      });
      expect(post.status, url).toBe(404);
    }
    const moveOther = await call(
      'bathManager',
      staffListRoute.action,
      '/admin/branches/1/staff',
      { id: '1' },
      {
        intent: 'move',
        staff_id: String(profiles.bristol[1]),
        direction: 'up',
      },
    );
    expect(moveOther.status).toBe(404);
    const [untouched] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, profiles.bristol[0]!));
    expect(untouched!.firstName).toBe('Adabristol');
  });

  it('moves a profile up and down by its buttons', async () => {
    const order = async () =>
      (
        await database.db
          .select({ id: staffMembers.id })
          .from(staffMembers)
          .where(eq(staffMembers.branchId, BATH))
          .orderBy(asc(staffMembers.position), asc(staffMembers.id))
      ).map((row) => row.id);
    const [a, b, c] = profiles.bath as [number, number, number];
    const move = (staffId: number, direction: string) =>
      call(
        'bathManager',
        staffListRoute.action,
        '/admin/branches/1/staff',
        { id: '1' },
        {
          intent: 'move',
          staff_id: String(staffId),
          direction,
        },
      );
    expect((await move(c, 'up')).status).toBe(303);
    expect(await order()).toEqual([a, c, b]);
    expect(announced).toContainEqual(['branch:bath']);
    expect((await move(a, 'down')).status).toBe(303);
    expect(await order()).toEqual([c, a, b]);
    // Already first: nothing changes.
    expect((await move(c, 'up')).status).toBe(303);
    expect(await order()).toEqual([c, a, b]);
    expect((await move(a, 'sideways')).status).toBe(400);
    const branchPage = await getBranchBySlug(database.db, 'bath');
    expect(branchPage?.staff.map((member) => member.staffMemberId)).toEqual([c, a, b]);
  });

  it('hides a profile from the site and the property pages, and refuses a stale toggle', async () => {
    const [, , target] = profiles.bath as [number, number, number];
    const toggle = (version: string, shown: string) =>
      call(
        'bathManager',
        staffListRoute.action,
        '/admin/branches/1/staff',
        { id: '1' },
        {
          intent: 'visibility',
          staff_id: String(target),
          version,
          is_shown_on_site: shown,
        },
      );
    await getBranchContacts(database.db, BATH);
    const hidden = await toggle('1', 'false');
    expect(hidden.response?.headers.get('location')).toBe(`/admin/branches/1/staff?notice=saved#staff-${target}`);
    const page = await getBranchBySlug(database.db, 'bath');
    expect(page?.staff.map((member) => member.staffMemberId)).not.toContain(target);
    const contacts = await getBranchContacts(database.db, BATH);
    expect(contacts?.staff.map((member) => member.id)).not.toContain(target);

    const stale = await toggle('1', 'true');
    expect(stale.response?.headers.get('location')).toBe(`/admin/branches/1/staff?notice=conflict#staff-${target}`);
    const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, target));
    expect(row!.isShownOnSite).toBe(false);
  });

  it('saves a profile with its version; a manager cannot move it to a branch that is not theirs; an owner can', async () => {
    const staffId = profiles.bath[0]!;
    const url = `/admin/branches/1/staff/${staffId}`;
    const params = { id: '1', staffId: String(staffId) };
    const profileForm = (changes: Record<string, string>) => ({
      version: '1',
      first_name: 'Ada',
      surname: 'Lovelace',
      job_title: 'Senior Negotiator',
      bio: 'Sells Georgian houses.',
      telephone_number: '01632 960123',
      email: 'ada@agency.example',
      branch_id: '1',
      is_shown_on_site: 'on',
      ...changes,
    });
    const saved = await call('bathManager', profileRoute.action, url, params, profileForm({}));
    expect(saved.status).toBe(303);
    const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, staffId));
    expect(row).toMatchObject({
      firstName: 'Ada',
      jobTitle: 'Senior Negotiator',
      bio: 'Sells Georgian houses.',
      version: 2,
    });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff-profile.updated'), eq(auditLog.target, `staff-member:${staffId}`)));
    expect(entry!.details).toMatchObject({ before: { firstName: 'Adabath' }, after: { firstName: 'Ada' } });

    const stale = await call('bathManager', profileRoute.action, url, params, profileForm({ surname: 'Byron' }));
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ conflict: STAFF_PROFILE_MESSAGES.conflict });

    const elsewhere = await call(
      'bathManager',
      profileRoute.action,
      url,
      params,
      profileForm({ version: '2', branch_id: '2' }),
    );
    expect(elsewhere.status).toBe(422);
    expect(errorsOf(elsewhere)).toMatchObject({ branch_id: [STAFF_PROFILE_MESSAGES.branch] });

    const invalid = await call(
      'bathManager',
      profileRoute.action,
      url,
      params,
      profileForm({ version: '2', telephone_number: 'x' }),
    );
    expect(invalid.status).toBe(422);

    const moved = await call('owner', profileRoute.action, url, params, profileForm({ version: '2', branch_id: '2' }));
    expect(moved.status).toBe(303);
    expect(moved.response?.headers.get('location')).toBe(`/admin/branches/2/staff/${staffId}?saved=1`);
    expect(announced).toContainEqual(['branch:bath', 'branch:bristol']);
    const [movedRow] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, staffId));
    expect(movedRow).toMatchObject({ branchId: BRISTOL, departmentId: null, position: 3 });
  });
});
