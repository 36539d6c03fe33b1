/**
 * The audit log: one appended row per staff action or attempt (who, when, from where, what, on what). The table
 * refuses UPDATE and DELETE (a trigger in its migration), so an entry cannot be edited away from the app.
 */
import type { Database } from '../../lib/db.server.ts';
import { auditLog } from '../../../db/schema/index.ts';

type AuditAction =
  | 'staff.invited'
  | 'staff.setup-completed'
  | 'staff.deactivated'
  | 'staff.role-changed'
  | 'staff.authenticator-reset'
  | 'staff.sign-in'
  | 'staff.sign-in-failed'
  | 'staff.sign-in-recovery-code'
  | 'staff.sign-out'
  | 'staff.sign-out-everywhere'
  | 'staff.password-changed'
  | 'staff.password-reset-requested'
  | 'staff.password-reset'
  | 'lead.export'
  | 'lead.stage-changed'
  | 'lead.assigned'
  | 'diary.confirmed'
  | 'diary.rescheduled'
  | 'diary.cancelled'
  | 'email.requeued'
  | 'lead.note-added'
  | 'privacy.search'
  | 'privacy.export'
  | 'privacy.erase'
  | 'privacy.retention-run'
  | 'settings.retention-changed'
  | 'listing.created'
  | 'listing.updated'
  | 'listing.status-changed'
  | 'listing.price-changed'
  | 'listing.published'
  | 'listing.unpublished'
  | 'listing.media-changed'
  | 'listing.featured-changed'
  | 'listing.hidden'
  | 'listing.shown'
  | 'branch.created'
  | 'branch.updated'
  | 'staff-profile.updated'
  | 'staff-profile.moved'
  | 'staff-profile.created'
  | 'staff-profile.removed'
  | 'department.added'
  | 'department.removed'
  | 'settings.theme-changed'
  | 'menu.changed'
  | 'home-page.changed'
  | 'article.created'
  | 'article.updated'
  | 'article.published'
  | 'article.scheduled'
  | 'article.unpublished'
  | 'article.restored'
  | 'page.created'
  | 'page.updated'
  | 'page.restored'
  | 'page.deleted'
  | 'content.images-uploaded'
  | 'settings.agency-changed'
  | 'settings.legal-changed'
  | 'settings.options-changed'
  | 'settings.analytics-changed'
  | 'settings.lead-routing-changed'
  | 'settings.branding-changed'
  | 'form.created'
  | 'form.updated'
  | 'form.field-moved'
  | 'form.deleted';

export type AuditEntry = {
  staffId: number | null;
  actorEmail: string | null;
  ip: string | null;
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAudit(db: Database, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    staffId: entry.staffId,
    actorEmail: entry.actorEmail,
    ip: entry.ip,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
  });
}
