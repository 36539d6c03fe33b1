/**
 * The lead calls of spec point 7: book a viewing, contact a staff member, contact a branch or department, and send
 * a property to a friend. Each runs the same pipeline — per-IP rate limit, honeypot (accepted silently, nothing
 * stored), the shared zod schema, the bot check — then stores the lead with acceptLead (email via the outbox).
 */
import { and, count, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import {
  branches,
  departments,
  properties,
  siteSettings,
  staffMembers,
  type LeadKind,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { errorList } from '../../lib/http/form-submission.ts';
import { parseFields } from '../../lib/http/form-submission.server.ts';
import { isRateLimited, limit, type RateLimitedError, type RateLimitName } from '../../lib/rate-limit.server.ts';
import {
  chooseContactOffer,
  type ContactOffer,
  propertyPath,
  getBranchContacts,
  getTagsToDepartmentLabels,
} from '../properties/index.server.ts';
import { verifyBotCheck } from '../spam/index.server.ts';
import { isHoneypotFilled } from '../spam/index.ts';
import { acceptLead } from './lead-store.server.ts';
import { honeypotValue, idOf, leadFormInput, leadPayload, type LeadGroups } from './lead-request.ts';
import type { z } from 'zod';
import {
  contactLeadSchema,
  sendToFriendSchema,
  viewingLeadSchema,
  type FieldErrors,
  type LeadFormValues,
  type SendToFriendValues,
} from './lead-schemas.ts';

export type LeadOutcome =
  | { status: 'accepted'; leadId: number | null }
  | { status: 'invalid'; errors: FieldErrors }
  | { status: 'bot-check-failed' }
  | { status: 'rate-limited'; error: RateLimitedError }
  | { status: 'not-found'; message: string };

type LeadContext = Pick<AppLoadContext, 'clientIp' | 'origin' | 'session'>;

type PipelineArgs<T> = {
  db: Database;
  groups: LeadGroups;
  context: LeadContext;
  rateLimit: RateLimitName;
  /** The form's schema, the one its browser side checks with. */
  schema: z.ZodType<T>;
  /** The answers under the schema's names. */
  input: Record<string, unknown>;
  store: (values: T) => Promise<LeadOutcome>;
};

/** The first message per field, keyed by the schema's field name ('form' for the whole form): the JSON answer's shape. */
export function firstErrors(list: readonly { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of list) errors[field] ??= message;
  return errors;
}

async function runLeadPipeline<T>({ db, groups, context, rateLimit, schema, input, store }: PipelineArgs<T>) {
  try {
    await limit(db, rateLimit, context.clientIp);
  } catch (error) {
    if (isRateLimited(error)) return { status: 'rate-limited', error } as const;
    throw error;
  }
  // A bot filled the hidden field: answer as if accepted so it learns nothing, and keep nothing.
  if (isHoneypotFilled(honeypotValue(groups))) return { status: 'accepted', leadId: null } as const;
  // The one form layer's parse (Conform's parseWithZod), for the JSON call and the post without JavaScript alike.
  const submission = parseFields(input, schema);
  if (submission.status !== 'success') {
    return { status: 'invalid', errors: firstErrors(errorList(submission.error)) } as const;
  }
  if (!(await verifyBotCheck(groups.top, context.clientIp))) return { status: 'bot-check-failed' } as const;
  return store(submission.value);
}

/* ---------------- Look-ups ---------------- */

export type LeadProperty = {
  id: number;
  slug: string;
  channel: 'sales' | 'lettings';
  displayAddress: string;
  branchId: number;
  status: string;
};

/** A published property and who an enquiry about it goes to (contact routing, spec point 9; staff choice, point 6). */
export async function getPropertyContact(
  db: Database,
  where: { id: number } | { slug: string },
): Promise<{ property: LeadProperty; offer: ContactOffer } | null> {
  if ('slug' in where && !/^[a-z0-9-]{1,200}$/.test(where.slug)) return null;
  const [property] = await db
    .select({
      id: properties.id,
      slug: properties.slug,
      channel: properties.channel,
      displayAddress: properties.displayAddress,
      branchId: properties.branchId,
      status: properties.status,
      tags: properties.tags,
      isDevelopment: properties.isDevelopment,
      staffMemberId: properties.staffMemberId,
      isPublished: properties.isPublished,
    })
    .from(properties)
    .where('slug' in where ? eq(properties.slug, where.slug) : eq(properties.id, where.id))
    .limit(1);
  if (!property || !property.isPublished) return null;
  const [contacts, childRows, mapping] = await Promise.all([
    getBranchContacts(db, property.branchId),
    property.isDevelopment
      ? db
          .select({ total: count() })
          .from(properties)
          .where(and(eq(properties.parentId, property.id), eq(properties.isPublished, true)))
      : Promise.resolve([{ total: 0 }]),
    getTagsToDepartmentLabels(db),
  ]);
  if (!contacts) return null;
  const offer = chooseContactOffer({
    property: {
      id: property.id,
      channel: property.channel,
      tags: property.tags,
      isDevelopment: property.isDevelopment,
      childCount: childRows[0]?.total ?? 0,
      staffMemberId: property.staffMemberId,
    },
    ...contacts,
    tagsToDepartmentLabels: mapping,
  });
  return {
    property: {
      id: property.id,
      slug: property.slug,
      channel: property.channel,
      displayAddress: property.displayAddress,
      branchId: property.branchId,
      status: property.status,
    },
    offer,
  };
}

export type ContactStaffMember = {
  id: number;
  firstName: string;
  surname: string;
  jobTitle: string;
  photoUrl: string | null;
  telephoneNumber: string;
  branchId: number | null;
  departmentId: number | null;
  branchName: string | null;
};

export async function getStaffMemberForContact(db: Database, id: number): Promise<ContactStaffMember | null> {
  const [row] = await db
    .select({
      id: staffMembers.id,
      firstName: staffMembers.firstName,
      surname: staffMembers.surname,
      jobTitle: staffMembers.jobTitle,
      photoUrl: staffMembers.photoUrl,
      telephoneNumber: staffMembers.telephoneNumber,
      branchId: staffMembers.branchId,
      departmentId: staffMembers.departmentId,
      branchName: branches.name,
    })
    .from(staffMembers)
    .leftJoin(branches, eq(branches.id, staffMembers.branchId))
    // A profile hidden in the back office is not on the site, so it cannot be contacted through it either.
    .where(and(eq(staffMembers.id, id), eq(staffMembers.isShownOnSite, true)))
    .limit(1);
  return row ?? null;
}

export type ContactOfficeTarget = {
  department: { id: number; name: string; telephone: string; branchId: number | null } | null;
  branch: { id: number; name: string; telephone: string } | null;
  property: { id: number; slug: string; displayAddress: string; channel: 'sales' | 'lettings' } | null;
  /** True when the enquiry is for the branch as a whole (lead[is_branch_lead] = 1). */
  isBranchLead: boolean;
};

/**
 * Who the contact-office form writes to: a department, a branch, or (given only a property) the property's routed
 * department or branch. Null when none of them exists (spec point 2: the modal needs such data).
 */
export async function getContactOfficeTarget(
  db: Database,
  ids: { departmentId: number | null; branchId: number | null; propertyId: number | null },
): Promise<ContactOfficeTarget | null> {
  const [departmentRows, propertyContact] = await Promise.all([
    ids.departmentId
      ? db
          .select({
            id: departments.id,
            name: departments.name,
            telephone: departments.telephone,
            branchId: departments.branchId,
          })
          .from(departments)
          .where(eq(departments.id, ids.departmentId))
          .limit(1)
      : Promise.resolve([]),
    ids.propertyId ? getPropertyContact(db, { id: ids.propertyId }) : Promise.resolve(null),
  ]);
  let department = departmentRows[0] ?? null;
  let branchId = ids.branchId ?? department?.branchId ?? null;
  if (!department && !ids.branchId && propertyContact) {
    const route = propertyContact.offer.route;
    if (route.kind === 'department') {
      const [routed] = await db
        .select({
          id: departments.id,
          name: departments.name,
          telephone: departments.telephone,
          branchId: departments.branchId,
        })
        .from(departments)
        .where(eq(departments.id, route.department.id))
        .limit(1);
      department = routed ?? null;
    }
    branchId = propertyContact.property.branchId;
  }
  const [branch] = branchId
    ? await db
        .select({ id: branches.id, name: branches.name, telephone: branches.contactNumber })
        .from(branches)
        .where(eq(branches.id, branchId))
        .limit(1)
    : [];
  if (!department && !branch && !propertyContact) return null;
  const property = propertyContact
    ? {
        id: propertyContact.property.id,
        slug: propertyContact.property.slug,
        displayAddress: propertyContact.property.displayAddress,
        channel: propertyContact.property.channel,
      }
    : null;
  return { department, branch: branch ?? null, property, isBranchLead: !department && Boolean(branch) };
}

/* ---------------- Email text ---------------- */

function visitorLines(values: LeadFormValues | (Omit<LeadFormValues, 'message'> & { message: string })): string[] {
  const address = [
    values.house_name,
    values.house_number,
    values.street_address,
    values.town,
    values.county,
    values.postcode,
  ]
    .filter((part) => part)
    .join(', ');
  return [
    `Name: ${values.first_name} ${values.last_name}`,
    `Email: ${values.email}`,
    `Phone: ${values.tel_home}`,
    ...(address ? [`Address: ${address}`] : []),
    `Message: ${values.message || '(none)'}`,
  ];
}

type StoreArgs = { db: Database; groups: LeadGroups; context: LeadContext };

async function store(
  { db, groups, context }: StoreArgs,
  lead: {
    kind: LeadKind;
    email: string;
    subject: string;
    summary: string[];
    propertyId?: number | null;
    branchId?: number | null;
    departmentId?: number | null;
    staffMemberId?: number | null;
    recipientEmail?: string | null;
    confirmVisitor?: boolean;
  },
): Promise<LeadOutcome> {
  const { leadId } = await acceptLead(
    db,
    {
      ...lead,
      payload: leadPayload(groups),
      userId: await context.session.getUserId(),
      ipAddress: context.clientIp,
    },
    context.origin,
  );
  return { status: 'accepted', leadId };
}

/* ---------------- The calls ---------------- */

/** POST /properties/{property_id}/{channel}/leads: book a viewing. */
export async function submitViewingLead(
  args: StoreArgs & { propertyId: number | null; channel: string | undefined },
): Promise<LeadOutcome & { property?: LeadProperty }> {
  const { db, groups, context } = args;
  const contact =
    args.propertyId && (args.channel === 'sales' || args.channel === 'lettings')
      ? await getPropertyContact(db, { id: args.propertyId })
      : null;
  if (!contact) return { status: 'not-found', message: 'Property not found' };
  const { property, offer } = contact;
  const outcome = await runLeadPipeline<LeadFormValues>({
    db,
    groups,
    context,
    rateLimit: 'leads',
    schema: viewingLeadSchema,
    input: leadFormInput(groups),
    store: (values) =>
      store(args, {
        kind: 'viewing',
        email: values.email,
        subject: `Viewing request: ${property.displayAddress}`,
        summary: [
          `Viewing request for ${property.displayAddress}`,
          `${context.origin}${propertyPath(property.slug)}`,
          '',
          ...visitorLines(values),
        ],
        propertyId: property.id,
        branchId: property.branchId,
        departmentId: offer.route.kind === 'department' ? offer.route.department.id : null,
        staffMemberId: offer.profile?.staffMemberId ?? null,
      }),
  });
  return { ...outcome, property };
}

/** POST /leads with lead[agency_employee_id] and lead[channel]: contact a named staff member. */
export async function submitStaffLead(args: StoreArgs): Promise<LeadOutcome> {
  const { db, groups } = args;
  const staffId = idOf(groups.lead.agency_employee_id);
  const staffMember = staffId ? await getStaffMemberForContact(db, staffId) : null;
  if (!staffMember) return { status: 'not-found', message: 'Staff member not found' };
  const propertyId = idOf(groups.lead.property_id);
  const contact = propertyId ? await getPropertyContact(db, { id: propertyId }) : null;
  const channel = groups.lead.channel === 'lettings' ? 'lettings' : 'sales';
  const fullName = `${staffMember.firstName} ${staffMember.surname}`;
  return runLeadPipeline<LeadFormValues>({
    ...args,
    rateLimit: 'leads',
    schema: contactLeadSchema,
    input: leadFormInput(groups),
    store: (values) =>
      store(args, {
        kind: 'staff-enquiry',
        email: values.email,
        subject: `Enquiry for ${fullName}${contact ? `: ${contact.property.displayAddress}` : ''}`,
        summary: [
          `Enquiry for ${fullName} (${channel})`,
          ...(contact
            ? [`About ${contact.property.displayAddress}: ${args.context.origin}${propertyPath(contact.property.slug)}`]
            : []),
          '',
          ...visitorLines(values),
        ],
        propertyId: contact?.property.id ?? null,
        branchId: staffMember.branchId,
        departmentId: staffMember.departmentId,
        staffMemberId: staffMember.id,
      }),
  });
}

/** POST /leads with lead[lead_type]=branch_department_enquiry: contact a branch office or department. */
export async function submitDepartmentLead(args: StoreArgs): Promise<LeadOutcome> {
  const { db, groups } = args;
  const target = await getContactOfficeTarget(db, {
    departmentId: groups.lead.is_branch_lead === '1' ? null : idOf(groups.lead.branch_department_id),
    branchId: idOf(groups.lead.branch_id),
    propertyId: idOf(groups.lead.property_id),
  });
  if (!target) return { status: 'not-found', message: 'Office not found' };
  const officeName = target.department?.name ?? (target.branch ? `${target.branch.name} branch` : 'the office');
  return runLeadPipeline<LeadFormValues>({
    ...args,
    rateLimit: 'leads',
    schema: contactLeadSchema,
    input: leadFormInput(groups),
    store: (values) =>
      store(args, {
        kind: 'department-enquiry',
        email: values.email,
        subject: `Enquiry for ${officeName}${target.property ? `: ${target.property.displayAddress}` : ''}`,
        summary: [
          `Enquiry for ${officeName}${target.isBranchLead ? ' (branch lead)' : ''}`,
          ...(target.property
            ? [`About ${target.property.displayAddress}: ${args.context.origin}${propertyPath(target.property.slug)}`]
            : []),
          '',
          ...visitorLines(values),
        ],
        propertyId: target.property?.id ?? null,
        branchId: target.branch?.id ?? target.department?.branchId ?? null,
        departmentId: target.department?.id ?? null,
      }),
  });
}

/** POST /user/send_to_friend: emails the property link to the friend (through the outbox) and keeps a lead. */
export async function submitSendToFriend(args: StoreArgs): Promise<LeadOutcome & { property?: LeadProperty }> {
  const { db, groups, context } = args;
  const propertyId = idOf(groups.top.property_id ?? groups.sendToFriend.property_id);
  const contact = propertyId ? await getPropertyContact(db, { id: propertyId }) : null;
  if (!contact) return { status: 'not-found', message: 'Property not found' };
  const { property } = contact;
  const [settings] = await db
    .select({ agencyName: siteSettings.agencyName })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  const agencyName = settings?.agencyName ?? 'Doorstep';
  const outcome = await runLeadPipeline<SendToFriendValues>({
    db,
    groups,
    context,
    rateLimit: 'sendToFriend',
    schema: sendToFriendSchema,
    input: groups.sendToFriend,
    store: (values) =>
      store(args, {
        kind: 'send-to-friend',
        email: values.email,
        subject: `${values.name} thought you would like this property: ${property.displayAddress}`,
        summary: [
          'Hello,',
          '',
          `${values.name} (${values.email}) found this property on the ${agencyName} website and wanted you to see it:`,
          '',
          property.displayAddress,
          `${context.origin}${propertyPath(property.slug)}`,
          ...(values.message ? ['', `Their message: ${values.message}`] : []),
          '',
          `You are receiving this one email because ${values.name} entered your address. ${agencyName} will not add it to any mailing list.`,
        ],
        propertyId: property.id,
        branchId: property.branchId,
        recipientEmail: values.friend_email,
        confirmVisitor: false,
      }),
  });
  return { ...outcome, property };
}
