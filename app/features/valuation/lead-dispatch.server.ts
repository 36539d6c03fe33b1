/**
 * POST /leads carries three kinds of lead (spec point 7): a valuation request (lead[is_valuation_request]), a staff
 * lead (lead[agency_employee_id], lead[channel]) and a branch or department lead
 * (lead[lead_type]=branch_department_enquiry, lead[branch_department_id], lead[branch_id], lead[is_branch_lead]).
 * It lives in valuation, which builds on the leads feature, so the two never import each other in a circle.
 */
import type { AppLoadContext } from 'react-router';
import type { Database } from '../../lib/db.server.ts';
import { fieldRecord, isFieldRecord } from '../../lib/http/request-body.ts';
import type { LeadGroups } from '../leads/index.ts';
import { type LeadOutcome, submitDepartmentLead, submitStaffLead } from '../leads/index.server.ts';
import { handleValuationLead } from './valuation-lead.server.ts';

export type LeadDispatchResult =
  { kind: 'response'; response: Response } | { kind: 'staff' | 'department'; outcome: LeadOutcome };

const truthy = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

/**
 * The body as the valuation handler expects it: nested objects, as the JSON client sends them. The records have no
 * prototype: a posted `__proto__[x]` names a group like any other, not Object.prototype (which it would change).
 */
function nestedBody(groups: LeadGroups): Record<string, unknown> {
  const body = fieldRecord();
  for (const [key, value] of Object.entries(groups.top)) {
    const match = /^([A-Za-z_]+)\[([A-Za-z_]+)\]$/.exec(key);
    if (match) {
      const group = (body[match[1]!] ??= fieldRecord()) as Record<string, unknown>;
      if (isFieldRecord(group)) group[match[2]!] = value;
    } else {
      body[key] = value;
    }
  }
  return { ...body, lead_client: groups.client, lead: groups.lead, marketing_preferences: groups.marketing };
}

function leadKindOf(groups: LeadGroups): 'valuation' | 'staff' | 'department' | null {
  if (truthy(groups.lead.is_valuation_request)) return 'valuation';
  if (groups.lead.agency_employee_id !== undefined && groups.lead.agency_employee_id !== '') return 'staff';
  if (
    groups.lead.lead_type === 'branch_department_enquiry' ||
    groups.lead.branch_department_id !== undefined ||
    truthy(groups.lead.is_branch_lead)
  ) {
    return 'department';
  }
  return null;
}

export async function dispatchLead(args: {
  db: Database;
  groups: LeadGroups;
  context: AppLoadContext;
}): Promise<LeadDispatchResult> {
  const { db, groups, context } = args;
  switch (leadKindOf(groups)) {
    case 'valuation':
      return { kind: 'response', response: await handleValuationLead({ db, body: nestedBody(groups), context }) };
    case 'staff':
      return { kind: 'staff', outcome: await submitStaffLead({ db, groups, context }) };
    case 'department':
      return { kind: 'department', outcome: await submitDepartmentLead({ db, groups, context }) };
    default:
      return {
        kind: 'response',
        response: Response.json(
          { error: 'Unknown lead type', errors: { form: 'Unknown lead type' } },
          { status: 422, headers: { 'Cache-Control': 'no-store' } },
        ),
      };
  }
}
