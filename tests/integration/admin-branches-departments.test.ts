/**
 * Adding and removing a branch's departments and staff profiles, by role: a manager works on their own branch only
 * (another branch's page, department or profile id answers 404 and changes nothing); every change checks a version
 * (409 with the message), records before and after and announces the branch's pages; a department or profile that
 * something points at is kept, with a message saying so; hostile input never answers 500. Also the valuation lookup
 * by covered postcode area or district, the most specific entry winning.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, departments, leads, staffMembers } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { DEPARTMENT_MESSAGES } from '../../app/features/branch-editor/department-schemas.ts';
import { STAFF_PROFILE_MESSAGES } from '../../app/features/branch-editor/staff-profile-schemas.ts';
import { getBranchBySlug } from '../../app/features/content/branch-queries.server.ts';
import { getBranchContacts } from '../../app/features/properties/index.server.ts';
import { findNearestBranch } from '../../app/features/valuation/branch-lookup.server.ts';
import * as departmentsRoute from '../../app/routes/admin/branch-departments.tsx';
import * as staffListRoute from '../../app/routes/admin/branch-staff.tsx';
import * as newProfileRoute from '../../app/routes/admin/branch-staff-new.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches, signedInStaff, staffRouteCaller, formErrorsOf } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
const cookies: Record<string, () => Promise<string>> = {};
const announced: string[][] = [];
let stopListening: () => void = () => undefined;
let bristolDepartment = 0;

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  cookies[name] = (await signedInStaff(database.db, role, branchSlugs)).cookie;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('branches', 'id'), (select max(id) from branches))`,
  );
  const [row] = await database.db
    .insert(departments)
    .values({
      branchId: BRISTOL,
      kind: 'sales',
      name: 'Bristol Sales',
      label: 'Sales',
      telephone: '01632 960001',
      email: 'sales.bristol@agency.example',
      branchDepartmentUrlLabel: 'sales',
    })
    .returning({ id: departments.id });
  bristolDepartment = row!.id;
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

async function versionOf(branchId: number): Promise<number> {
  const [row] = await database.db.select({ version: branches.version }).from(branches).where(eq(branches.id, branchId));
  return row!.version;
}

const errorsOf = formErrorsOf;

const departmentsOf = (branchId: number) =>
  database.db.select().from(departments).where(eq(departments.branchId, branchId));

const postDepartments = (who: string, branchId: number, body: Record<string, string>) =>
  call(who, departmentsRoute.action, `/admin/branches/${branchId}/departments`, { id: String(branchId) }, body);

describe('departments', () => {
  it('are for owners and the branch’s managers: others get 403, another branch 404', async () => {
    for (const who of ['negotiator', 'editor']) {
      const answer = await call(who, departmentsRoute.loader, '/admin/branches/1/departments', { id: '1' });
      expect(answer.status, who).toBe(403);
    }
    expect(
      (await call('bathManager', departmentsRoute.loader, '/admin/branches/1/departments', { id: '1' })).status,
    ).toBe(200);
    for (const id of ['2', '999', 'x']) {
      const answer = await call('bathManager', departmentsRoute.loader, `/admin/branches/${id}/departments`, { id });
      expect(answer.status, id).toBe(404);
    }
    const post = await postDepartments('bathManager', BRISTOL, {
      intent: 'add',
      version: String(await versionOf(BRISTOL)),
      kind: 'lettings',
      label: 'Lettings',
      telephone: '01632 960002',
      email: 'lettings@agency.example',
    });
    expect(post.status).toBe(404);
    expect(await departmentsOf(BRISTOL)).toHaveLength(1);
  });

  it('adds one: raises the branch version, records it and shows it on the branch page at once', async () => {
    const version = await versionOf(BATH);
    const answer = await postDepartments('bathManager', BATH, {
      intent: 'add',
      version: String(version),
      kind: 'new-homes',
      label: 'New Homes',
      telephone: '01632 960300',
      email: 'newhomes.bath@agency.example',
    });
    expect(answer.status).toBe(303);
    expect(answer.response?.headers.get('location')).toBe('/admin/branches/1/departments?notice=added');
    const [added] = await departmentsOf(BATH);
    expect(added).toMatchObject({
      kind: 'new-homes',
      label: 'New Homes',
      name: 'Bath New Homes',
      telephone: '01632 960300',
      branchDepartmentUrlLabel: 'new-homes',
    });
    expect(await versionOf(BATH)).toBe(version + 1);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'department.added'));
    expect(entry).toMatchObject({ target: 'branch:1', details: { before: null, after: { label: 'New Homes' } } });
    expect(announced).toContainEqual(['branch:bath']);
    const page = await getBranchBySlug(database.db, 'bath');
    expect(JSON.stringify(page)).toContain('01632 960300');
    const contacts = await getBranchContacts(database.db, BATH);
    expect(contacts?.departments.map((department) => department.label)).toContain('New Homes');
  });

  it('refuses a second department of a kind, an old version and bad fields, with messages', async () => {
    const version = String(await versionOf(BATH));
    const form = {
      intent: 'add',
      version,
      kind: 'new-homes',
      label: 'More homes',
      telephone: '01632 960301',
      email: 'more@agency.example',
    };
    const twice = await postDepartments('bathManager', BATH, form);
    expect(twice.status).toBe(422);
    expect(errorsOf(twice)).toMatchObject({ kind: [DEPARTMENT_MESSAGES.kindTaken] });

    const stale = await postDepartments('bathManager', BATH, { ...form, kind: 'auctions', version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ refused: DEPARTMENT_MESSAGES.conflict });

    const bad = await postDepartments('bathManager', BATH, {
      ...form,
      kind: 'spaceships',
      label: '',
      telephone: 'call',
      email: 'x',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['email', 'kind', 'label', 'telephone']);
    expect(await departmentsOf(BATH)).toHaveLength(1);
  });

  it('removes one nothing points at; refuses one staff or leads point at, saying what does', async () => {
    const [newHomes] = await departmentsOf(BATH);
    const [profile] = await database.db
      .insert(staffMembers)
      .values({
        branchId: BATH,
        departmentId: newHomes!.id,
        firstName: 'Nell',
        surname: 'Homes',
        jobTitle: 'New Homes Negotiator',
        email: 'nell@agency.example',
        telephoneNumber: '01632 960310',
      })
      .returning({ id: staffMembers.id });
    await database.db.insert(leads).values([
      { kind: 'department-enquiry', payload: {}, email: 'a@example.com', branchId: BATH, departmentId: newHomes!.id },
      { kind: 'department-enquiry', payload: {}, email: 'b@example.com', branchId: BATH, departmentId: newHomes!.id },
    ]);
    const remove = async () =>
      postDepartments('bathManager', BATH, {
        intent: 'remove',
        version: String(await versionOf(BATH)),
        department_id: String(newHomes!.id),
      });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect((refused.data as { refused: string }).refused).toBe(
      'The New Homes department was not removed: 1 staff profile and 2 leads point at it. A department that leads were sent to is kept with them; move its staff profiles to another branch first.',
    );
    expect(await departmentsOf(BATH)).toHaveLength(1);

    await database.db.delete(staffMembers).where(eq(staffMembers.id, profile!.id));
    await database.db.execute(sql`delete from leads where department_id = ${newHomes!.id}`);
    const version = await versionOf(BATH);
    const stale = await postDepartments('bathManager', BATH, {
      intent: 'remove',
      version: String(version - 1),
      department_id: String(newHomes!.id),
    });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ refused: DEPARTMENT_MESSAGES.conflict });

    const removed = await remove();
    expect(removed.status).toBe(303);
    expect(await departmentsOf(BATH)).toHaveLength(0);
    expect(await versionOf(BATH)).toBe(version + 1);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'department.removed'));
    expect(entry!.details).toMatchObject({ before: { id: newHomes!.id, label: 'New Homes' }, after: null });
    expect(announced).toContainEqual(['branch:bath']);
  });

  it('answers another branch’s department id 404, even for an owner through the wrong branch', async () => {
    for (const who of ['bathManager', 'owner']) {
      const answer = await postDepartments(who, BATH, {
        intent: 'remove',
        version: String(await versionOf(BATH)),
        department_id: String(bristolDepartment),
      });
      expect(answer.status, who).toBe(404);
    }
    expect(await departmentsOf(BRISTOL)).toHaveLength(1);
  });

  it('never answers hostile values with a 500', async () => {
    const hostile = ['', '\u0000', 'x'.repeat(20_000), '<script>', '-1', '1e309', '[]', '99999999999'];
    for (const value of hostile) {
      for (const name of ['intent', 'version', 'kind', 'label', 'telephone', 'email', 'department_id']) {
        for (const intent of ['add', 'remove']) {
          const form = {
            intent,
            version: String(await versionOf(BATH)),
            kind: 'auctions',
            label: 'Auctions',
            telephone: '01632 960400',
            email: 'auctions@agency.example',
            department_id: '1',
            [name]: value,
          };
          const answer = await postDepartments('bathManager', BATH, form);
          expect([303, 400, 404, 409, 422], `${intent} ${name}=${JSON.stringify(value.slice(0, 12))}`).toContain(
            answer.status,
          );
          // Leave no department behind for the next round.
          await database.db.delete(departments).where(eq(departments.branchId, BATH));
        }
      }
    }
  });
});

const profileForm = (changes: Record<string, string> = {}) => ({
  first_name: 'Quinn',
  surname: 'Newcomer',
  job_title: 'Lettings Negotiator',
  bio: 'Knows every street in Widcombe.',
  telephone_number: '01632 960500',
  email: 'quinn@agency.example',
  is_shown_on_site: 'on',
  ...changes,
});

describe('adding and removing staff profiles', () => {
  it('adds a profile to the manager’s own branch, last on its page, on the site at once', async () => {
    for (const who of ['negotiator', 'editor']) {
      expect((await call(who, newProfileRoute.loader, '/admin/branches/1/staff/new', { id: '1' })).status).toBe(403);
    }
    const other = await call(
      'bathManager',
      newProfileRoute.action,
      '/admin/branches/2/staff/new',
      { id: '2' },
      profileForm(),
    );
    expect(other.status).toBe(404);

    const answer = await call(
      'bathManager',
      newProfileRoute.action,
      '/admin/branches/1/staff/new',
      { id: '1' },
      profileForm(),
    );
    expect(answer.status).toBe(303);
    const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.firstName, 'Quinn'));
    expect(row).toMatchObject({ branchId: BATH, jobTitle: 'Lettings Negotiator', isShownOnSite: true, version: 1 });
    expect(answer.response?.headers.get('location')).toBe(`/admin/branches/1/staff?notice=added#staff-${row!.id}`);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff-profile.created'));
    expect(entry).toMatchObject({ target: `staff-member:${row!.id}`, details: { before: null } });
    expect(announced).toContainEqual(['branch:bath']);
    const page = await getBranchBySlug(database.db, 'bath');
    expect(page?.staff.map((member) => member.staffMemberId)).toContain(row!.id);
    expect(await database.db.select().from(staffMembers).where(eq(staffMembers.branchId, BRISTOL))).toHaveLength(0);
  });

  it('answers bad and hostile input with messages, never a 500', async () => {
    const bad = await call(
      'bathManager',
      newProfileRoute.action,
      '/admin/branches/1/staff/new',
      { id: '1' },
      profileForm({ first_name: '', telephone_number: 'ring me', email: 'no' }),
    );
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({ first_name: [STAFF_PROFILE_MESSAGES.firstName] });
    for (const value of ['\u0000', 'x'.repeat(20_000), '[]', '<img src=x onerror=alert(1)>']) {
      for (const name of ['first_name', 'bio', 'email', 'is_shown_on_site', 'branch_id']) {
        const answer = await call(
          'bathManager',
          newProfileRoute.action,
          '/admin/branches/1/staff/new',
          { id: '1' },
          profileForm({ [name]: value }),
        );
        expect([303, 400, 422], `${name}=${JSON.stringify(value.slice(0, 12))}`).toContain(answer.status);
      }
    }
  });

  it('removes an unreferenced profile at its version; keeps one a lead points at; another branch’s is 404', async () => {
    const add = async (firstName: string, branchId = BATH) => {
      const [row] = await database.db
        .insert(staffMembers)
        .values({
          ...{ surname: 'Gone', jobTitle: 'Negotiator', email: 'g@agency.example' },
          firstName,
          branchId,
          telephoneNumber: '01632 960600',
        })
        .returning({ id: staffMembers.id });
      return row!.id;
    };
    const free = await add('Free');
    const busy = await add('Busy');
    const theirs = await add('Theirs', BRISTOL);
    await database.db
      .insert(leads)
      .values({ kind: 'viewing', payload: {}, email: 'c@example.com', branchId: BATH, staffMemberId: busy });
    const remove = (staffId: number, version = '1') =>
      call(
        'bathManager',
        staffListRoute.action,
        '/admin/branches/1/staff',
        { id: '1' },
        { intent: 'remove', staff_id: String(staffId), version },
      );

    const stale = await remove(free, '7');
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ notice: 'conflict' });
    const inUse = await remove(busy);
    expect(inUse.status).toBe(409);
    expect(inUse.data).toMatchObject({ notice: 'in-use' });
    expect((await remove(theirs)).status).toBe(404);
    const removed = await remove(free);
    expect(removed.response?.headers.get('location')).toBe('/admin/branches/1/staff?notice=removed');

    const left = (await database.db.select({ id: staffMembers.id }).from(staffMembers)).map((row) => row.id);
    expect(left).toContain(busy);
    expect(left).toContain(theirs);
    expect(left).not.toContain(free);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff-profile.removed'));
    expect(entry).toMatchObject({
      target: `staff-member:${free}`,
      details: { before: { firstName: 'Free' }, after: null },
    });
    expect(announced).toContainEqual(['branch:bath']);
  });
});

describe('the valuation lookup by covered postcode area or district', () => {
  it('gives a postcode to the branch with the most specific covering entry, whatever the distance', async () => {
    await database.db
      .update(branches)
      .set({ coveredPostcodeDistricts: ['SW', 'EC1A'] })
      .where(eq(branches.id, BATH));
    await database.db
      .update(branches)
      .set({ coveredPostcodeDistricts: ['SW1'] })
      .where(eq(branches.id, BRISTOL));
    expect(await findNearestBranch(database.db, 'SW1A 1AA')).toMatchObject({ id: BRISTOL });
    expect(await findNearestBranch(database.db, 'SW19 5AE')).toMatchObject({ id: BATH });
    expect(await findNearestBranch(database.db, 'EC1A 1BB')).toMatchObject({ id: BATH });
    await database.db
      .update(branches)
      .set({ coveredPostcodeDistricts: ['SW1A'] })
      .where(eq(branches.id, BATH));
    expect(await findNearestBranch(database.db, 'SW1A 1AA')).toMatchObject({ id: BATH });
    expect(await findNearestBranch(database.db, 'SW1E 5JL')).toMatchObject({ id: BRISTOL });
    // Not covered, not located: no branch.
    expect(await findNearestBranch(database.db, 'ZE1 0AA')).toBeNull();
  });
});
