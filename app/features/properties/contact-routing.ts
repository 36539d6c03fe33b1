/**
 * Who an enquiry about a property goes to (spec point 9 'Contact routing') and which staff member a visitor
 * may contact (spec point 6 'Staff contact choice'). Pure: the caller loads the branch, departments and mapping.
 */
export type Channel = 'sales' | 'lettings';

export type ContactDepartment = { id: number; name: string; label: string; kind?: string };

export type TagsToDepartmentLabels = {
  sales?: Readonly<Record<string, string>>;
  lettings?: Readonly<Record<string, string>>;
};

export type ContactRoutingInput = {
  property: {
    channel: Channel;
    tags: readonly string[];
    isDevelopmentPlot?: boolean;
    childProperties?: readonly unknown[];
    branch: { branchId: number };
  };
  /** The departments of the property's branch. */
  departments: readonly ContactDepartment[];
  externalCommercialDepartment: ContactDepartment | null;
  tagsToDepartmentLabelsConversions: TagsToDepartmentLabels | null;
};

type ContactRouteReason = 'new-homes' | 'estate-agents' | 'external-commercial' | 'tag-mapping';

export type ContactRoute =
  | { kind: 'department'; department: ContactDepartment; branchId: number; reason: ContactRouteReason }
  | { kind: 'branch'; branchId: number };

const NEW_HOMES_LABEL = 'new-homes';
const ESTATE_AGENTS_LABEL = 'estate-agents';
const COMMERCIAL_TAG = 'gth commercial';

/** Labels and tags are compared loosely ('New Homes', 'new_homes' and 'new-homes' are the same label). */
function labelKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function findByLabel(departments: readonly ContactDepartment[], label: string): ContactDepartment | undefined {
  const key = labelKey(label);
  return departments.find((department) => labelKey(department.label) === key || department.kind === key);
}

/**
 * In order: a new-homes development (a plot with child properties) goes to the new-homes department, else
 * estate-agents; the 'gth commercial' tag goes to the external commercial department; then the first property
 * tag the channel's mapping sends to one of the branch's departments; otherwise the branch itself.
 * A rule whose department does not exist falls through to the next rule.
 */
export function routeContact(input: ContactRoutingInput): ContactRoute {
  const { property, departments } = input;
  const branchId = property.branch.branchId;
  const toDepartment = (department: ContactDepartment, reason: ContactRouteReason): ContactRoute => ({
    kind: 'department',
    department,
    branchId,
    reason,
  });

  const isDevelopment = property.isDevelopmentPlot === true || (property.childProperties?.length ?? 0) > 0;
  if (isDevelopment) {
    const newHomes = findByLabel(departments, NEW_HOMES_LABEL);
    if (newHomes) return toDepartment(newHomes, 'new-homes');
    const estateAgents = findByLabel(departments, ESTATE_AGENTS_LABEL);
    if (estateAgents) return toDepartment(estateAgents, 'estate-agents');
  }

  const tagKeys = property.tags.map(labelKey);
  if (input.externalCommercialDepartment && tagKeys.includes(labelKey(COMMERCIAL_TAG))) {
    return toDepartment(input.externalCommercialDepartment, 'external-commercial');
  }

  const mapping = input.tagsToDepartmentLabelsConversions?.[property.channel] ?? {};
  const labelsByTag = new Map(Object.entries(mapping).map(([tag, label]) => [labelKey(tag), label]));
  for (const tag of tagKeys) {
    const label = labelsByTag.get(tag);
    const department = label === undefined ? undefined : findByLabel(departments, label);
    if (department) return toDepartment(department, 'tag-mapping');
  }

  return { kind: 'branch', branchId };
}

export type ContactableStaffMember = { contactableForSales: boolean; contactableForLettings: boolean };

/** The first staff member contactable for the channel, in the order given (the branch's display order), or null. */
export function chooseStaffContact<T extends ContactableStaffMember>(staff: readonly T[], channel: Channel): T | null {
  return (
    staff.find((member) => (channel === 'lettings' ? member.contactableForLettings : member.contactableForSales)) ??
    null
  );
}
