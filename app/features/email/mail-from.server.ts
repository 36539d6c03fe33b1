/**
 * The From header of the site's emails: the sender name and address the owner set in the back office, falling back
 * part by part to MAIL_FROM from the environment, so a site nobody has configured still sends as before.
 */
import { eq } from 'drizzle-orm';
import { siteSettings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';

/** 'Name <address>' or a bare address, split; the name keeps no surrounding quotes. */
function splitMailbox(mailbox: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!match) return { name: '', address: mailbox.trim() };
  return { name: (match[1] ?? '').replace(/^"(.*)"$/, '$1'), address: (match[2] ?? '').trim() };
}

/**
 * The mailbox to send from. The stored name is quoted (RFC 5322 quoted-string), so commas or dots in an agency's
 * name cannot split it into several addresses; the settings schema already refuses quotes, angle brackets and line
 * breaks, and they are dropped here again in case a row was edited by hand.
 */
export function formatMailFrom(environmentFrom: string, name: string | null, address: string | null): string {
  const fallback = splitMailbox(environmentFrom);
  const chosenName = (name ?? fallback.name).replace(/["\\<>\r\n]/g, '').trim();
  const chosenAddress = (address ?? fallback.address).replace(/[\s<>"]/g, '');
  return chosenName ? `"${chosenName}" <${chosenAddress}>` : chosenAddress;
}

/** The From of an email stored now (read per email: the owner's change applies to the next one, on every instance). */
export async function getMailFrom(db: Database): Promise<string> {
  const [row] = await db
    .select({ name: siteSettings.mailFromName, address: siteSettings.mailFromAddress })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return formatMailFrom(getEnv().MAIL_FROM, row?.name ?? null, row?.address ?? null);
}
