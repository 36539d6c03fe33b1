/**
 * Lead storage ('nothing lost'): every accepted lead is written to the `leads` table first, and
 * the staff email and the visitor's confirmation are queued in the email outbox in the same transaction. Delivery
 * happens later (outbox job, with retry and backoff), so an SMTP outage never loses or fails a lead.
 */
import { eq } from 'drizzle-orm';
import {
  branches,
  departments,
  leadEvents,
  leadRoutingRules,
  leads,
  siteSettings,
  staffMembers,
  type LeadKind,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { isRateLimited, limit } from '../../lib/rate-limit.server.ts';
import { enqueueEmail } from '../email/index.server.ts';
import { findLeadAssignee } from '../staff/index.server.ts';

export type NewLead = {
  kind: LeadKind;
  /** The request as received (minus token/honeypot). */
  payload: Record<string, unknown>;
  /** The visitor's email. */
  email: string | null;
  propertyId?: number | null;
  branchId?: number | null;
  departmentId?: number | null;
  staffMemberId?: number | null;
  userId?: number | null;
  ipAddress: string;
  /** Lines for the staff email body, e.g. ['Name: Ann Smith', 'Phone: 0123...']. */
  summary: string[];
  /** Subject for the staff email, e.g. 'Valuation request: 1 High Street'. */
  subject: string;
  /** Optional explicit recipient; otherwise staff > department > branch > agency email. */
  recipientEmail?: string | null;
  /** Send the visitor a confirmation email (default true when email is set). */
  confirmVisitor?: boolean;
};

type RecipientCandidates = {
  explicit?: string | null;
  staffMember?: string | null;
  department?: string | null;
  branch?: string | null;
  agency?: string | null;
};

/** Spec routing order for who hears about a lead: explicit > staff member > department > branch > agency. */
export function chooseRecipientEmail(candidates: RecipientCandidates): string | null {
  for (const email of [
    candidates.explicit,
    candidates.staffMember,
    candidates.department,
    candidates.branch,
    candidates.agency,
  ]) {
    const trimmed = email?.trim();
    if (trimmed) return trimmed;
  }
  return null;
}

type RoutedLead = { lead: NewLead; assignee: { staffId: number; email: string } | null; isMoved: boolean };

/**
 * The owner's routing rule for the lead's kind (set in the back office), if any: a rule's branch replaces the one
 * the form chose, and its staff account is assigned the lead when that account is active and may see the lead's
 * branch (otherwise the lead arrives unassigned, as it would without a rule, rather than invisible to its assignee).
 */
async function applyRoutingRule(db: Database, lead: NewLead): Promise<RoutedLead> {
  const [rule] = await db.select().from(leadRoutingRules).where(eq(leadRoutingRules.kind, lead.kind)).limit(1);
  if (!rule) return { lead, assignee: null, isMoved: false };
  const isMoved = rule.branchId !== null && rule.branchId !== (lead.branchId ?? null);
  // The department chosen on the form belongs to the branch the lead no longer goes to.
  const routed = isMoved ? { ...lead, branchId: rule.branchId, departmentId: null } : lead;
  const assignee =
    rule.staffAccountId === null ? null : await findLeadAssignee(db, rule.staffAccountId, routed.branchId ?? null);
  return { lead: routed, assignee, isMoved };
}

async function lookUpRecipient(
  db: Database,
  lead: NewLead,
  routing: Pick<RoutedLead, 'assignee' | 'isMoved'> = { assignee: null, isMoved: false },
): Promise<{ recipient: string | null; agencyName: string }> {
  const [staffRows, departmentRows, branchRows, settingsRows] = await Promise.all([
    lead.staffMemberId
      ? db
          .select({ email: staffMembers.email })
          .from(staffMembers)
          .where(eq(staffMembers.id, lead.staffMemberId))
          .limit(1)
      : [],
    lead.departmentId
      ? db.select({ email: departments.email }).from(departments).where(eq(departments.id, lead.departmentId)).limit(1)
      : [],
    lead.branchId
      ? db.select({ email: branches.email }).from(branches).where(eq(branches.id, lead.branchId)).limit(1)
      : [],
    db
      .select({ email: siteSettings.agencyEmail, name: siteSettings.agencyName })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .limit(1),
  ]);
  return {
    recipient: chooseRecipientEmail({
      explicit: lead.recipientEmail?.trim() || routing.assignee?.email,
      // A lead routed to another branch is that branch's, not the original branch's negotiator's.
      staffMember: routing.isMoved ? null : staffRows[0]?.email,
      department: departmentRows[0]?.email,
      branch: branchRows[0]?.email,
      agency: settingsRows[0]?.email,
    }),
    agencyName: settingsRows[0]?.name ?? 'Doorstep',
  };
}

function staffEmailText(lead: NewLead, leadId: number, origin: string): string {
  if (lead.kind === 'send-to-friend') return lead.summary.join('\n');
  return [
    ...lead.summary,
    '',
    `Lead reference: ${leadId} (${lead.kind})`,
    `Received: ${new Date().toISOString()}`,
    `Website: ${origin}`,
  ].join('\n');
}

/**
 * The visitor's copy. It repeats nothing the visitor typed: whoever fills in a lead form chooses the address it is
 * sent to, so echoed text (a message with links, a "name" or "street" that is a URL) would let anyone mail
 * anyone words of their choosing under the agency's name. Only the agency's own words go out.
 */
function confirmationText(agencyName: string): string {
  return [
    `Thank you for contacting ${agencyName}.`,
    '',
    'We have received your enquiry and our agent will be in touch soon.',
    '',
    'If you did not send this enquiry, please ignore this email.',
  ].join('\n');
}

/**
 * Stores the lead (status 'received'), then queues the staff email to the routed recipient and, unless turned off,
 * a confirmation to the visitor — all in one transaction, so either everything is kept or nothing is.
 */
export async function acceptLead(db: Database, received: NewLead, origin: string): Promise<{ leadId: number }> {
  const routing = await applyRoutingRule(db, received);
  const { lead, assignee } = routing;
  const { recipient, agencyName } = await lookUpRecipient(db, lead, routing);
  // Past the per-recipient limit the lead is kept and staff are told; only the visitor's copy is skipped.
  const visitorEmail = lead.email && (lead.confirmVisitor ?? true) ? lead.email : null;
  let isConfirmationAllowed = visitorEmail !== null;
  if (visitorEmail !== null) {
    try {
      await limit(db, 'leadConfirmations', visitorEmail.trim().toLowerCase());
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      isConfirmationAllowed = false;
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        kind: lead.kind,
        status: 'received',
        payload: lead.payload,
        email: lead.email,
        propertyId: lead.propertyId ?? null,
        branchId: lead.branchId ?? null,
        departmentId: lead.departmentId ?? null,
        staffMemberId: lead.staffMemberId ?? null,
        userId: lead.userId ?? null,
        recipientEmail: recipient,
        ipAddress: lead.ipAddress,
        assignedStaffId: assignee?.staffId ?? null,
      })
      .returning({ id: leads.id });
    if (!row) throw new Error('lead was not stored');
    if (assignee) {
      // No actor: the routing rule assigned it, which the lead's history says as the inbox shows assignments.
      await tx
        .insert(leadEvents)
        .values({ leadId: row.id, actorStaffId: null, kind: 'assignment', toValue: String(assignee.staffId) });
    }
    if (recipient) {
      await enqueueEmail(tx, {
        to: recipient,
        subject: lead.subject,
        text: staffEmailText(lead, row.id, origin),
        relatedKind: 'lead',
        relatedId: row.id,
      });
    }
    if (visitorEmail && isConfirmationAllowed) {
      await enqueueEmail(tx, {
        to: visitorEmail,
        subject: `${agencyName}: we have received your enquiry`,
        text: confirmationText(agencyName),
        relatedKind: 'lead-confirmation',
        relatedId: row.id,
      });
    }
    return { leadId: row.id };
  });
}
