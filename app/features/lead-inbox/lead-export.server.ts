/**
 * The filtered inbox as a CSV download, streamed: each pull of the stream reads the next batch by keyset (created
 * at, id — never OFFSET, which would re-read every earlier row), so memory stays one batch whatever the number of
 * leads, and a slow reader slows the reading. csv-stringify quotes the cells and, with `escape_formulas`, puts an
 * apostrophe before a cell starting with =, +, -, @, tab or CR, so a visitor's "=HYPERLINK(…)" stays text in a
 * spreadsheet.
 */
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import { branches, formDefinitions, formSubmissions, leads, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { visitorSummary } from './lead-fields.ts';
import { leadListConditions, leadRowColumns } from './lead-inbox.server.ts';
import {
  kindLabels,
  stageLabels,
  type InboxKind,
  type LeadFilters,
  type LeadScope,
  type LeadStage,
} from './lead-inbox-model.ts';

const BATCH_SIZE = 1_000;

const HEADER = [
  'Reference',
  'Received',
  'Kind',
  'Form',
  'Status',
  'Lost reason',
  'Branch',
  'Property',
  'Name',
  'Email',
  'Phone',
  'Address',
  'Message',
  'Assigned staff id',
];

/**
 * Cells as the spreadsheet shows them; formulas neutralised by the writer. Records end in CRLF (RFC 4180), and a
 * cell holding a lone CR or LF is quoted too: the writer on its own quotes only the full record delimiter, and a
 * visitor's unquoted line break would start a row of their making.
 */
export function leadsCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(rows as (string | number | null)[][], {
    escape_formulas: true,
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
  });
}

/** Made once: building a formatter costs far more than formatting a date with it. */
const RECEIVED_FORMAT = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** Spreadsheet-friendly time: the agency's local time, without the offset. */
function receivedText(createdAt: Date): string {
  return RECEIVED_FORMAT.format(createdAt).replace(',', '');
}

/**
 * A stream of the CSV text (UTF-8 with a byte order mark, so spreadsheet programs read names with accents right),
 * header first, newest lead first.
 */
export function exportLeadsCsv(db: Database, scope: LeadScope, filters: LeadFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // The cursor is the timestamp as PostgreSQL prints it: a JavaScript Date would drop the microseconds and repeat
  // or skip rows that share a millisecond.
  let cursor: { createdAt: string; id: number } | null = null;
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isHeaderSent) {
          isHeaderSent = true;
          controller.enqueue(encoder.encode(`\uFEFF${leadsCsv([HEADER])}`));
          return;
        }
        const conditions = [leadListConditions(scope, filters)];
        if (cursor) {
          conditions.push(sql`(${leads.createdAt}, ${leads.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`);
        }
        const rows = await db
          .select({ ...leadRowColumns, cursorAt: sql<string>`${leads.createdAt}::text` })
          .from(leads)
          .leftJoin(branches, eq(branches.id, leads.branchId))
          .leftJoin(properties, eq(properties.id, leads.propertyId))
          .leftJoin(formSubmissions, eq(formSubmissions.id, leads.formSubmissionId))
          .leftJoin(formDefinitions, eq(formDefinitions.id, formSubmissions.formDefinitionId))
          .where(and(...conditions))
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(BATCH_SIZE);
        if (rows.length > 0) {
          const last = rows[rows.length - 1]!;
          cursor = { createdAt: last.cursorAt, id: last.id };
          const cells = rows.map((row) => {
            const visitor = visitorSummary(row.payload);
            return [
              row.id,
              receivedText(row.createdAt),
              kindLabels[row.kind as InboxKind] ?? row.kind,
              row.formTitle,
              stageLabels[row.stage as LeadStage] ?? row.stage,
              row.lostReason,
              row.branchName,
              row.propertyAddress,
              visitor.name,
              row.email,
              visitor.phone,
              visitor.address,
              visitor.message,
              row.assignedStaffId,
            ];
          });
          controller.enqueue(encoder.encode(leadsCsv(cells)));
        }
        if (rows.length < BATCH_SIZE) controller.close();
      },
    },
    // One batch ahead at most: the database is read only as fast as the download goes.
    { highWaterMark: 1 },
  );
}

/** The download's answer: an attachment named after the day, never cached. */
export function leadsCsvResponse(stream: ReadableStream<Uint8Array>, now = new Date()): Response {
  const day = now.toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
