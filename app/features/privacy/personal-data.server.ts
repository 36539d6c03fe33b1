/**
 * Everything held about one email address: finding it, exporting it and erasing it (docs/decisions/025). The address
 * is matched as accounts match it (trimmed, lower-cased): the visitor account with it, that account's saved items,
 * alerts, sessions and consents; every lead sent from it, by that account, or naming it anywhere in its answers;
 * those leads' form submissions and uploads; every email to it, and the staff emails about those leads.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  consentLogs,
  emailOutbox,
  formDefinitions,
  formSubmissions,
  formUploads,
  leadEvents,
  leadNotes,
  leads,
  marketingPreferences,
  properties,
  savedProperties,
  savedSearchAlerts,
  savedSearches,
  sessions,
  users,
  valuationBookings,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { ERASED, anonymisePayload, payloadMentions, type PrivacySummary } from './privacy-model.ts';

/** Outbox kinds whose rows are about one lead (related_id = the lead) or one form submission. */
const LEAD_EMAIL_KINDS = ['lead', 'lead-confirmation', 'lead-assignment'] as const;
const SUBMISSION_EMAIL_KIND = 'form-submission';

/** The consent id the cookie banner's log keeps for a session (app/features/consent/consent.server.ts). */
function consentIdOf(sessionId: string): string {
  return createHash('sha256').update(`consent:${sessionId}`).digest('hex').slice(0, 32);
}

/** The ids of what is held, for the export and the erasure: found once, used by both. */
type HeldRecords = {
  userId: number | null;
  leadIds: number[];
  submissionIds: number[];
  emailIds: number[];
};

/** The leads that are about the address: sent from it, by its account, or naming it in their answers. */
async function findLeadIds(db: Database, email: string, userId: number | null): Promise<number[]> {
  // The search vector holds every string of the answers and the email, so the GIN index narrows the candidates;
  // the exact test below then drops words that only looked alike.
  const candidates = await db
    .select({ id: leads.id, email: leads.email, userId: leads.userId, payload: leads.payload })
    .from(leads)
    .where(
      or(
        sql`${leads.searchVector} @@ plainto_tsquery('simple', ${email})`,
        userId === null ? sql`false` : eq(leads.userId, userId),
      ),
    )
    .orderBy(asc(leads.id));
  return candidates
    .filter(
      (lead) =>
        (lead.email !== null && lead.email.trim().toLowerCase() === email) ||
        (userId !== null && lead.userId === userId) ||
        payloadMentions(lead.payload, email),
    )
    .map((lead) => lead.id);
}

async function findHeldRecords(db: Database, email: string): Promise<HeldRecords> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.emailLower, email)).limit(1);
  const userId = user?.id ?? null;
  const leadIds = await findLeadIds(db, email, userId);
  const submissionIds =
    leadIds.length === 0
      ? []
      : (
          await db
            .select({ id: leads.formSubmissionId })
            .from(leads)
            .where(and(inArray(leads.id, leadIds), isNotNull(leads.formSubmissionId)))
        ).map((row) => row.id!);
  const about: SQL[] = [sql`lower(${emailOutbox.toAddress}) = ${email}`];
  if (leadIds.length > 0) {
    about.push(and(inArray(emailOutbox.relatedKind, [...LEAD_EMAIL_KINDS]), inArray(emailOutbox.relatedId, leadIds))!);
  }
  if (submissionIds.length > 0) {
    about.push(and(eq(emailOutbox.relatedKind, SUBMISSION_EMAIL_KIND), inArray(emailOutbox.relatedId, submissionIds))!);
  }
  const emailIds = (
    await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(or(...about))
      .orderBy(asc(emailOutbox.id))
  ).map((row) => row.id);
  return { userId, leadIds, submissionIds, emailIds };
}

async function consentIdsOf(db: Database, userId: number | null): Promise<string[]> {
  if (userId === null) return [];
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => consentIdOf(row.id));
}

const countOf = async (query: Promise<{ count: number }[]>) => Number((await query)[0]?.count ?? 0);

/** The counts per category, for the summary before exporting or erasing. */
export async function summarisePersonalData(db: Database, email: string): Promise<PrivacySummary> {
  const held = await findHeldRecords(db, email);
  const { userId } = held;
  const consentIds = await consentIdsOf(db, userId);
  const count = sql<number>`count(*)::int`;
  const [savedPropertyCount, searches, alertsSent, preferenceCount, consentLogCount, uploadCount] = await Promise.all([
    userId === null ? 0 : countOf(db.select({ count }).from(savedProperties).where(eq(savedProperties.userId, userId))),
    userId === null
      ? []
      : db
          .select({ frequency: savedSearches.alertFrequency })
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId)),
    userId === null
      ? 0
      : countOf(
          db
            .select({ count })
            .from(savedSearchAlerts)
            .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
            .where(and(eq(savedSearches.userId, userId), isNotNull(savedSearchAlerts.sentAt))),
        ),
    userId === null
      ? 0
      : countOf(db.select({ count }).from(marketingPreferences).where(eq(marketingPreferences.userId, userId))),
    consentIds.length === 0
      ? 0
      : countOf(db.select({ count }).from(consentLogs).where(inArray(consentLogs.consentId, consentIds))),
    held.submissionIds.length === 0
      ? 0
      : countOf(
          db.select({ count }).from(formUploads).where(inArray(formUploads.formSubmissionId, held.submissionIds)),
        ),
  ]);
  const alertSearches = searches.filter((search) => search.frequency !== 'N').length;
  return {
    counts: {
      account: userId === null ? 0 : 1,
      savedProperties: savedPropertyCount,
      savedSearches: searches.length,
      alerts: alertSearches,
      leads: held.leadIds.length,
      consents: preferenceCount + consentLogCount,
      uploads: uploadCount,
      emails: held.emailIds.length,
    },
    details: {
      alerts: `${alertsSent} ${alertsSent === 1 ? 'property' : 'properties'} alerted so far`,
      consents: `${preferenceCount} marketing ${preferenceCount === 1 ? 'record' : 'records'}, ${consentLogCount} cookie consent log ${consentLogCount === 1 ? 'entry' : 'entries'}`,
    },
  };
}

/** An uploaded file as the export names it: `files/<id>-<name>`, the name reduced to safe characters. */
type ExportedUpload = { id: number; key: string; pathInZip: string };

export type PersonalDataExport = { data: Record<string, unknown>; files: ExportedUpload[] };

/** Everything held, as plain data with readable keys (data.json), and the uploads to add to the zip. */
export async function collectPersonalData(db: Database, email: string, now = new Date()): Promise<PersonalDataExport> {
  const held = await findHeldRecords(db, email);
  const { userId } = held;
  const consentIds = await consentIdsOf(db, userId);
  const [account] =
    userId === null
      ? []
      : await db
          .select({
            email: users.email,
            title: users.title,
            firstName: users.firstName,
            lastName: users.lastName,
            houseName: users.houseName,
            houseNumber: users.houseNumber,
            streetAddress: users.streetAddress,
            address2: users.address2,
            locality: users.locality,
            town: users.town,
            county: users.county,
            postcode: users.postcode,
            homePhone: users.telHome,
            mobilePhone: users.telMobile,
            optedInToMarketing: users.isOptedInToMarketing,
            emailConfirmedAt: users.emailVerifiedAt,
            createdAt: users.createdAt,
            updatedAt: users.updatedAt,
          })
          .from(users)
          .where(eq(users.id, userId));
  const none = Promise.resolve([]);
  const [accountSessions, saved, searches, alertsSent, preferences, consentLog] = await Promise.all([
    userId === null
      ? none
      : db
          .select({ startedAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
    userId === null
      ? none
      : db
          .select({
            propertyId: savedProperties.propertyId,
            propertyAddress: properties.displayAddress,
            priceWhenLastSeen: savedProperties.lastKnownPrice,
            statusWhenLastSeen: savedProperties.lastKnownStatus,
            savedAt: savedProperties.createdAt,
          })
          .from(savedProperties)
          .innerJoin(properties, eq(properties.id, savedProperties.propertyId))
          .where(eq(savedProperties.userId, userId))
          .orderBy(asc(savedProperties.id)),
    userId === null
      ? none
      : db
          .select({
            id: savedSearches.id,
            channel: savedSearches.channel,
            search: savedSearches.search,
            alertFrequency: savedSearches.alertFrequency,
            lastAlertedAt: savedSearches.lastAlertedAt,
            savedAt: savedSearches.createdAt,
          })
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId))
          .orderBy(asc(savedSearches.id)),
    userId === null
      ? none
      : db
          .select({
            savedSearchId: savedSearchAlerts.savedSearchId,
            propertyId: savedSearchAlerts.propertyId,
            matchedAt: savedSearchAlerts.createdAt,
            sentAt: savedSearchAlerts.sentAt,
          })
          .from(savedSearchAlerts)
          .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
          .where(eq(savedSearches.userId, userId))
          .orderBy(asc(savedSearchAlerts.createdAt)),
    userId === null
      ? none
      : db
          .select({
            agreedToTerms: marketingPreferences.optInTerms,
            agreedToTermsAt: marketingPreferences.optInTermsAt,
            agreedToMarketing: marketingPreferences.optInMarketing,
            agreedToMarketingAt: marketingPreferences.optInMarketingAt,
            agreedOnPage: marketingPreferences.optInMarketingUrl,
            wordingShown: marketingPreferences.wording,
            updatedAt: marketingPreferences.updatedAt,
          })
          .from(marketingPreferences)
          .where(eq(marketingPreferences.userId, userId)),
    consentIds.length === 0
      ? none
      : db
          .select({
            choice: consentLogs.status,
            consentId: consentLogs.consentId,
            browser: consentLogs.userAgent,
            details: consentLogs.details,
            at: consentLogs.createdAt,
          })
          .from(consentLogs)
          .where(inArray(consentLogs.consentId, consentIds))
          .orderBy(asc(consentLogs.createdAt)),
  ]);
  const leadRows =
    held.leadIds.length === 0
      ? []
      : await db
          .select({
            id: leads.id,
            kind: leads.kind,
            receivedAt: leads.createdAt,
            email: leads.email,
            answers: leads.payload,
            propertyId: leads.propertyId,
            branchId: leads.branchId,
            stage: leads.stage,
            lostReason: leads.lostReason,
            sentFromIpAddress: leads.ipAddress,
            formSubmissionId: leads.formSubmissionId,
          })
          .from(leads)
          .where(inArray(leads.id, held.leadIds))
          .orderBy(asc(leads.id));
  const [notes, bookings, submissions, uploads, emails] = await Promise.all([
    held.leadIds.length === 0
      ? none
      : db
          .select({ leadId: leadNotes.leadId, note: leadNotes.body, writtenAt: leadNotes.createdAt })
          .from(leadNotes)
          .where(inArray(leadNotes.leadId, held.leadIds))
          .orderBy(asc(leadNotes.createdAt)),
    held.leadIds.length === 0
      ? none
      : db
          .select({
            leadId: valuationBookings.leadId,
            date: valuationBookings.bookingDate,
            timeSlots: valuationBookings.timeSlots,
          })
          .from(valuationBookings)
          .where(inArray(valuationBookings.leadId, held.leadIds)),
    held.submissionIds.length === 0
      ? none
      : db
          .select({
            id: formSubmissions.id,
            form: formDefinitions.title,
            answers: formSubmissions.values,
            sentFromIpAddress: formSubmissions.ipAddress,
            sentAt: formSubmissions.createdAt,
          })
          .from(formSubmissions)
          .innerJoin(formDefinitions, eq(formDefinitions.id, formSubmissions.formDefinitionId))
          .where(inArray(formSubmissions.id, held.submissionIds))
          .orderBy(asc(formSubmissions.id)),
    held.submissionIds.length === 0
      ? none
      : db
          .select({
            id: formUploads.id,
            formSubmissionId: formUploads.formSubmissionId,
            field: formUploads.fieldName,
            fileName: formUploads.originalName,
            storedName: formUploads.storedName,
            contentType: formUploads.contentType,
            sizeBytes: formUploads.sizeBytes,
            uploadedAt: formUploads.createdAt,
          })
          .from(formUploads)
          .where(inArray(formUploads.formSubmissionId, held.submissionIds))
          .orderBy(asc(formUploads.id)),
    held.emailIds.length === 0
      ? none
      : db
          .select({
            id: emailOutbox.id,
            to: emailOutbox.toAddress,
            subject: emailOutbox.subject,
            text: emailOutbox.textBody,
            status: emailOutbox.status,
            about: emailOutbox.relatedKind,
            queuedAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(inArray(emailOutbox.id, held.emailIds))
          .orderBy(asc(emailOutbox.id)),
  ]);
  const files: ExportedUpload[] = uploads.map((upload) => ({
    id: upload.id,
    key: `uploads/${upload.storedName}`,
    pathInZip: `files/${upload.id}-${safeFileName(upload.fileName)}`,
  }));
  const data = {
    emailAddress: email,
    exportedAt: now.toISOString(),
    account: account ? { ...account, sessions: accountSessions } : null,
    savedProperties: saved,
    savedSearches: searches,
    alertsSent,
    leads: leadRows.map((lead) => ({
      ...lead,
      staffNotes: notes.filter((note) => note.leadId === lead.id).map(({ note, writtenAt }) => ({ note, writtenAt })),
      requestedValuationSlots: bookings
        .filter((booking) => booking.leadId === lead.id)
        .map(({ date, timeSlots }) => ({ date, timeSlots })),
    })),
    formSubmissions: submissions,
    uploads: uploads.map(({ storedName: _stored, ...upload }, index) => ({
      ...upload,
      fileInThisDownload: files[index]!.pathInZip,
    })),
    consents: { marketingPreferences: preferences, cookieConsentLog: consentLog },
    emails,
  };
  return { data, files };
}

/** A file name that is safe in a zip on any system: letters, digits, dot, dash and underscore, at most 100. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-100) || 'file';
}

export type ErasureCounts = {
  accounts: number;
  leadsAnonymised: number;
  submissionsAnonymised: number;
  uploadsDeleted: number;
  emailsScrubbed: number;
  emailsCancelled: number;
};

/** The counts, and the outbox rows stripped (their file-sink copies are removed after the commit). */
type ErasureOutcome = { counts: ErasureCounts; emailIds: number[] };

/** The outbox's answer on an email the erasure stopped. */
const CANCELLED_EMAIL = 'Not sent: the recipient’s personal data was erased';

/**
 * Erases the address: files first (so a storage failure stops before the database changes and the owner can try
 * again), then one transaction: the account and all that hangs on it deleted, leads and their submissions
 * anonymised, uploads' rows deleted, emails stripped of address and contents. Consent log entries are not touched.
 */
export async function erasePersonalData(
  db: Database,
  email: string,
  deleteFile: (key: string) => Promise<void>,
): Promise<ErasureOutcome> {
  const held = await findHeldRecords(db, email);
  const uploads =
    held.submissionIds.length === 0
      ? []
      : await db
          .select({ id: formUploads.id, storedName: formUploads.storedName })
          .from(formUploads)
          .where(inArray(formUploads.formSubmissionId, held.submissionIds));
  for (const upload of uploads) await deleteFile(`uploads/${upload.storedName}`);
  return db.transaction(async (tx) => {
    let accounts = 0;
    if (held.userId !== null) {
      // Sessions, marketing choices, tokens, saved properties and searches and their alerts go with it (cascade).
      accounts = (await tx.delete(users).where(eq(users.id, held.userId)).returning({ id: users.id })).length;
    }
    if (held.leadIds.length > 0) {
      const rows = await tx
        .select({ id: leads.id, payload: leads.payload, lostReason: leads.lostReason })
        .from(leads)
        .where(inArray(leads.id, held.leadIds));
      for (const row of rows) {
        await tx
          .update(leads)
          .set({
            payload: anonymisePayload(row.payload),
            email: null,
            ipAddress: null,
            userId: null,
            lostReason: row.lostReason === null ? null : ERASED,
          })
          .where(eq(leads.id, row.id));
      }
      await tx.update(leadNotes).set({ body: ERASED }).where(inArray(leadNotes.leadId, held.leadIds));
      await tx
        .update(leadEvents)
        .set({ reason: ERASED })
        .where(and(inArray(leadEvents.leadId, held.leadIds), isNotNull(leadEvents.reason)));
    }
    if (held.submissionIds.length > 0) {
      const rows = await tx
        .select({ id: formSubmissions.id, values: formSubmissions.values })
        .from(formSubmissions)
        .where(inArray(formSubmissions.id, held.submissionIds));
      for (const row of rows) {
        await tx
          .update(formSubmissions)
          .set({ values: anonymisePayload(row.values), ipAddress: null })
          .where(eq(formSubmissions.id, row.id));
      }
    }
    if (uploads.length > 0) {
      await tx.delete(formUploads).where(
        inArray(
          formUploads.id,
          uploads.map((upload) => upload.id),
        ),
      );
    }
    let emailsCancelled = 0;
    if (held.emailIds.length > 0) {
      emailsCancelled = (
        await tx
          .update(emailOutbox)
          .set({ status: 'failed', lastError: CANCELLED_EMAIL })
          .where(and(inArray(emailOutbox.id, held.emailIds), inArray(emailOutbox.status, ['pending', 'sending'])))
          .returning({ id: emailOutbox.id })
      ).length;
      // The visitor's own address goes; a staff member's address on a notification about the lead stays.
      await tx
        .update(emailOutbox)
        .set({
          toAddress: sql`case when lower(${emailOutbox.toAddress}) = ${email} then ${ERASED} else ${emailOutbox.toAddress} end`,
          subject: ERASED,
          textBody: ERASED,
          htmlBody: null,
          headers: null,
          lastError: sql`case when ${emailOutbox.status} = 'failed' then ${emailOutbox.lastError} else null end`,
        })
        .where(inArray(emailOutbox.id, held.emailIds));
    }
    const counts = {
      accounts,
      leadsAnonymised: held.leadIds.length,
      submissionsAnonymised: held.submissionIds.length,
      uploadsDeleted: uploads.length,
      emailsScrubbed: held.emailIds.length,
      emailsCancelled,
    };
    return { counts, emailIds: held.emailIds };
  });
}
