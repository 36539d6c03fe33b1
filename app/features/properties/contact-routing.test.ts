import { describe, expect, it } from 'vitest';
import {
  chooseStaffContact,
  routeContact,
  type ContactDepartment,
  type ContactRoutingInput,
} from './contact-routing.ts';

const newHomes: ContactDepartment = { id: 1, name: 'New Homes', label: 'new-homes' };
const estateAgents: ContactDepartment = { id: 2, name: 'Estate Agents', label: 'estate-agents' };
const farms: ContactDepartment = { id: 3, name: 'Farms & Land', label: 'agriculture' };
const lettings: ContactDepartment = { id: 4, name: 'Lettings', label: 'lettings' };
const commercial: ContactDepartment = { id: 9, name: 'Commercial', label: 'commercial' };

const routing = (
  overrides: Partial<ContactRoutingInput> = {},
  property: Partial<ContactRoutingInput['property']> = {},
): ContactRoutingInput => ({
  property: { channel: 'sales', tags: [], branch: { branchId: 7 }, ...property },
  departments: [newHomes, estateAgents, farms, lettings],
  externalCommercialDepartment: commercial,
  tagsToDepartmentLabelsConversions: { sales: { Farm: 'agriculture' }, lettings: { 'Student let': 'lettings' } },
  ...overrides,
});

describe('contact routing (spec point 9)', () => {
  it('sends a development with child properties to the new-homes department', () => {
    expect(routeContact(routing({}, { childProperties: [{}, {}] }))).toEqual({
      kind: 'department',
      department: newHomes,
      branchId: 7,
      reason: 'new-homes',
    });
    expect(routeContact(routing({}, { isDevelopmentPlot: true }))).toMatchObject({ department: newHomes });
  });

  it('falls back to estate-agents when the branch has no new-homes department', () => {
    const route = routeContact(routing({ departments: [estateAgents, farms] }, { childProperties: [{}] }));
    expect(route).toMatchObject({ department: estateAgents, reason: 'estate-agents' });
  });

  it('matches department labels loosely and by department kind', () => {
    const labelled = { ...newHomes, label: 'New Homes' };
    expect(routeContact(routing({ departments: [labelled] }, { childProperties: [{}] }))).toMatchObject({
      department: labelled,
    });
    const byKind = { id: 5, name: 'Developments', label: 'developments', kind: 'new-homes' };
    expect(routeContact(routing({ departments: [byKind] }, { childProperties: [{}] }))).toMatchObject({
      department: byKind,
    });
  });

  it('does not treat an ordinary property as a development', () => {
    expect(routeContact(routing({}, { childProperties: [] }))).toEqual({ kind: 'branch', branchId: 7 });
  });

  it('sends the gth commercial tag (any case) to the external commercial department', () => {
    expect(routeContact(routing({}, { tags: ['Garden', 'GTH Commercial'] }))).toMatchObject({
      department: commercial,
      reason: 'external-commercial',
    });
  });

  it('goes on to the next rule when there is no external commercial department', () => {
    expect(routeContact(routing({ externalCommercialDepartment: null }, { tags: ['gth commercial'] }))).toEqual({
      kind: 'branch',
      branchId: 7,
    });
  });

  it('uses the tag-to-department mapping of the property channel', () => {
    expect(routeContact(routing({}, { tags: ['farm'] }))).toMatchObject({ department: farms, reason: 'tag-mapping' });
    expect(routeContact(routing({}, { channel: 'lettings', tags: ['farm'] }))).toEqual({ kind: 'branch', branchId: 7 });
    expect(routeContact(routing({}, { channel: 'lettings', tags: ['student let'] }))).toMatchObject({
      department: lettings,
    });
  });

  it('takes the first tag whose mapped department exists', () => {
    const mapping = { sales: { pool: 'no-such-department', farm: 'agriculture', lets: 'lettings' } };
    expect(
      routeContact(routing({ tagsToDepartmentLabelsConversions: mapping }, { tags: ['pool', 'farm', 'lets'] })),
    ).toMatchObject({ department: farms });
  });

  it('otherwise contacts the branch', () => {
    expect(routeContact(routing({ tagsToDepartmentLabelsConversions: null }, { tags: ['farm'] }))).toEqual({
      kind: 'branch',
      branchId: 7,
    });
    expect(routeContact(routing({ departments: [] }, { childProperties: [{}], tags: ['farm'] }))).toEqual({
      kind: 'branch',
      branchId: 7,
    });
  });

  it('checks the development rule before the commercial tag', () => {
    expect(routeContact(routing({}, { childProperties: [{}], tags: ['gth commercial'] }))).toMatchObject({
      department: newHomes,
    });
  });
});

describe('staff contact choice (spec point 6)', () => {
  const staff = [
    { staffMemberId: 1, contactableForSales: false, contactableForLettings: false },
    { staffMemberId: 2, contactableForSales: false, contactableForLettings: true },
    { staffMemberId: 3, contactableForSales: true, contactableForLettings: false },
    { staffMemberId: 4, contactableForSales: true, contactableForLettings: true },
  ];

  it('chooses the first staff member contactable for sales', () => {
    expect(chooseStaffContact(staff, 'sales')?.staffMemberId).toBe(3);
  });

  it('chooses the first staff member contactable for lettings', () => {
    expect(chooseStaffContact(staff, 'lettings')?.staffMemberId).toBe(2);
  });

  it('gives null when nobody is contactable', () => {
    expect(chooseStaffContact(staff.slice(0, 1), 'sales')).toBeNull();
    expect(chooseStaffContact([], 'lettings')).toBeNull();
  });
});
