import { data } from 'react-router';
import type { Route } from './+types/contact-office';
import { Modal } from '../../components/modal.tsx';
import { ContactLeadForm } from '../../features/leads/contact-lead-form.tsx';
import { idOf } from '../../features/leads/lead-request.ts';
import { takeLeadFormState } from '../../features/leads/lead-responses.server.ts';
import { getContactOfficeTarget, getPropertyContact } from '../../features/leads/leads.server.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/**
 * /contact-office (spec point 2, title 'Contact office'): a branch office or department, optionally about a
 * property. Only shown when department, property or branch data exists: ?department_id= (or ?department=),
 * ?branch_id= (or ?branch=), ?property_id=, or nested under properties/:slug.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const query = new URL(request.url).searchParams;
  const nestedProperty = params.slug ? await getPropertyContact(db, { slug: params.slug }) : null;
  if (params.slug && !nestedProperty) throw data('Property not found', { status: 404 });
  const ids = {
    departmentId: idOf(query.get('department_id') ?? query.get('department')),
    branchId: idOf(query.get('branch_id') ?? query.get('branch')),
    propertyId: nestedProperty?.property.id ?? idOf(query.get('property_id') ?? query.get('property')),
  };
  const [target, botCheck, formState] = await Promise.all([
    getContactOfficeTarget(db, ids),
    getBotCheckConfig(),
    takeLeadFormState(context.session, 'department'),
  ]);
  if (!target) throw data('There is no office to contact here', { status: 404 });
  return { target, botCheck, formState, search: query.toString() };
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) => (loaderData?.target ? 'Contact office' : undefined));

export default function ContactOfficeModal({ loaderData, params }: Route.ComponentProps) {
  const { target, botCheck, formState, search } = loaderData;
  const closeTo = params.slug ? propertyPath(params.slug) : '/';
  const returnTo = `${params.slug ? `${propertyPath(params.slug)}/contact-office` : '/contact-office'}${search ? `?${search}` : ''}`;
  const officeName = target.department?.name ?? (target.branch ? `${target.branch.name} branch` : 'Our office');
  const leadFields: Record<string, string> = {
    'lead[lead_type]': 'branch_department_enquiry',
    'lead[branch_department_id]': target.department ? String(target.department.id) : '',
    'lead[branch_id]': target.branch ? String(target.branch.id) : '',
    'lead[is_branch_lead]': target.isBranchLead ? '1' : '0',
  };
  if (target.property) leadFields['lead[property_id]'] = String(target.property.id);
  return (
    <Modal title="Contact office" closeTo={closeTo} size="medium">
      <ContactLeadForm
        key={returnTo}
        formName="contact-office"
        recipient={{
          name: officeName,
          detail: target.department && target.branch ? `${target.branch.name} branch` : null,
          telephone: target.department?.telephone ?? target.branch?.telephone ?? null,
        }}
        leadFields={leadFields}
        intro={
          target.property
            ? `Ask ${officeName} about ${target.property.displayAddress}.`
            : `Send ${officeName} a message and the team will get back to you.`
        }
        botCheck={botCheck}
        returnTo={returnTo}
        successTo={closeTo}
        closeTo={closeTo}
        initialErrors={formState?.errors}
        initialValues={formState?.values}
      />
    </Modal>
  );
}
