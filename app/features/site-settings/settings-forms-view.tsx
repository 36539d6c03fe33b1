/**
 * The settings sub-pages' forms. Each is a plain form post (works without JavaScript) checked in the browser by the
 * same schema the action uses; a refused post comes back with the error summary and the owner's answers.
 */
import type { z } from 'zod';
import { Link } from 'react-router';
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import {
  agencyDetailsSchema,
  analyticsSchema,
  DEFAULT_SEARCH_STATUSES,
  leadRoutingSchema,
  legalSettingsSchema,
  MEMBERSHIP_ROWS,
  PLACES_OF_REGISTRATION,
  ROUTABLE_LEAD_KINDS,
  siteOptionsSchema,
  SPAM_PROTECTION_CHOICES,
} from './settings-model.ts';
import './settings.css';

const SETTINGS_PAGES = [
  { path: '/admin/settings', label: 'Colours' },
  { path: '/admin/settings/agency', label: 'Agency and email sender' },
  { path: '/admin/settings/legal', label: 'Company and legal details' },
  { path: '/admin/settings/options', label: 'Site options' },
  { path: '/admin/settings/analytics', label: 'Analytics' },
  { path: '/admin/settings/lead-routing', label: 'Lead routing' },
  { path: '/admin/settings/branding', label: 'Logo and favicon' },
] as const;

export type SettingsPath = (typeof SETTINGS_PAGES)[number]['path'];

/** The settings pages, the current one marked for assistive technology. */
export function SettingsNav({ current }: { current: SettingsPath }) {
  return (
    <nav aria-label="Settings" className="site-settings__nav">
      <ul>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.path}>
            <Link to={page.path} aria-current={page.path === current ? 'page' : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type SavedForm = { version: number; fields: Record<string, string>; isSaved: boolean };

/** The schema form with each field's value: what a refused post sent, else what is saved. */
function useSettingsForm<Schema extends z.ZodType>(id: string, schema: Schema, saved: Record<string, string>) {
  const form = useSchemaForm({ id, schema });
  const hasPosted = form.values.version !== undefined;
  return {
    form,
    value: (name: string) => form.values[name] ?? (hasPosted ? '' : (saved[name] ?? '')),
    text: (name: string) => ({
      name,
      defaultValue: form.values[name] ?? saved[name] ?? '',
      error: form.errorFor(name),
    }),
  };
}

function SettingsFormFrame({
  title,
  id,
  version,
  isSaved,
  savedMessage,
  form,
  submitLabel,
  children,
}: {
  title: string;
  id: string;
  version: number;
  isSaved: boolean;
  savedMessage: string;
  form: ReturnType<typeof useSchemaForm>;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <div className="site-settings">
      {isSaved ? (
        <p className="admin-notice" role="status">
          {savedMessage}
        </p>
      ) : null}
      <h2>{title}</h2>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" {...form.formProps} id={id} className="site-settings__form">
        <CsrfField />
        <input type="hidden" name="version" value={String(version)} />
        {children}
        <button type="submit" className="admin-button" disabled={form.isPending}>
          {submitLabel}
        </button>
      </form>
    </div>
  );
}

/* ---------------------------------------------------------------- agency details and email sender */

export function AgencyDetailsForm({
  version,
  fields,
  isSaved,
  environmentFrom,
}: SavedForm & { environmentFrom: string }) {
  const { form, text } = useSettingsForm('agency-details', agencyDetailsSchema, fields);
  return (
    <SettingsFormFrame
      title="Agency and email sender"
      id="agency-details"
      version={version}
      isSaved={isSaved}
      savedMessage="The agency details have been saved. The public site shows them now."
      form={form}
      submitLabel="Save agency details"
    >
      <fieldset className="site-settings__group">
        <legend>Agency</legend>
        <TextField label="Agency name" autoComplete="organization" maxLength={120} {...text('agencyName')} />
        <TextField label="Agency email" type="email" autoComplete="email" {...text('agencyEmail')} />
        <TextField label="Contact telephone" type="tel" autoComplete="tel" {...text('agencyContactTelephone')} />
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Email sender</legend>
        <p className="site-settings__hint">
          The name and address the site’s emails come from. Left blank, each part comes from the server’s MAIL_FROM
          setting, now <code>{environmentFrom}</code>. Your mail server must be allowed to send for the address (SPF,
          DKIM).
        </p>
        <TextField label="Sender name" autoComplete="off" maxLength={80} {...text('mailFromName')} />
        <TextField label="Sender email address" type="email" autoComplete="off" {...text('mailFromAddress')} />
      </fieldset>
    </SettingsFormFrame>
  );
}

/* ---------------------------------------------------------------- company and legal details */

export function LegalSettingsForm({ version, fields, isSaved, isEntered }: SavedForm & { isEntered: boolean }) {
  const { form, text } = useSettingsForm('legal-settings', legalSettingsSchema, fields);
  return (
    <SettingsFormFrame
      title="Company and legal details"
      id="legal-settings"
      version={version}
      isSaved={isSaved}
      savedMessage="The company and legal details have been saved. The site’s footer shows them now."
      form={form}
      submitLabel="Save company and legal details"
    >
      {isEntered ? null : (
        <p className="site-settings__hint">
          The footer shows no company details until these are saved. UK law asks an agency’s website for them.
        </p>
      )}
      <fieldset className="site-settings__group">
        <legend>Company (Companies Act 2006)</legend>
        <TextField label="Registered company name" autoComplete="organization" {...text('registeredName')} />
        <TextField
          label="Company number"
          autoComplete="off"
          hint="8 characters, like 09876543 or SC123456"
          {...text('companyNumber')}
        />
        <SelectField
          label="Place of registration"
          options={PLACES_OF_REGISTRATION.map((place) => ({ value: place, label: place }))}
          {...text('placeOfRegistration')}
        />
        <TextField label="Registered office address" autoComplete="off" {...text('registeredOffice')} />
        <TextField label="VAT number (optional)" autoComplete="off" {...text('vatNumber')} />
        <TextField
          label="ICO registration number"
          autoComplete="off"
          hint="Like ZA123456"
          {...text('icoRegistrationNumber')}
        />
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Redress scheme</legend>
        <TextField label="Redress scheme" autoComplete="off" {...text('redressSchemeName')} />
        <TextField label="Redress scheme membership number" autoComplete="off" {...text('redressSchemeNumber')} />
        <TextField label="Redress scheme web address" type="url" autoComplete="off" {...text('redressSchemeUrl')} />
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Client money protection</legend>
        <p className="site-settings__hint">Leave all three blank if the agency does not hold client money.</p>
        <TextField label="Client money protection scheme" autoComplete="off" {...text('clientMoneyScheme')} />
        <TextField
          label="Client money protection membership number"
          autoComplete="off"
          {...text('clientMoneyNumber')}
        />
        <TextField
          label="Client money protection certificate"
          autoComplete="off"
          hint="A page of this site, like /client-money-protection, or a web address"
          {...text('clientMoneyCertificateUrl')}
        />
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Professional memberships</legend>
        <p className="site-settings__hint">Up to {MEMBERSHIP_ROWS}; leave a row blank to remove it.</p>
        {Array.from({ length: MEMBERSHIP_ROWS }, (_, index) => (
          <div className="site-settings__pair" key={index}>
            <TextField label={`Membership ${index + 1}: name`} autoComplete="off" {...text(`membershipName${index}`)} />
            <TextField
              label={`Membership ${index + 1}: web address`}
              type="url"
              autoComplete="off"
              {...text(`membershipUrl${index}`)}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Pages the footer links to</legend>
        <TextField label="Complaints procedure" autoComplete="off" {...text('complaintsPage')} />
        <TextField label="Fees for landlords" autoComplete="off" {...text('landlordFeesPage')} />
        <TextField label="Fees for tenants" autoComplete="off" {...text('tenantFeesPage')} />
        <TextField label="Privacy policy" autoComplete="off" {...text('privacyPage')} />
        <TextField label="Cookie policy" autoComplete="off" {...text('cookiesPage')} />
      </fieldset>
    </SettingsFormFrame>
  );
}

/* ---------------------------------------------------------------- the spec's theme settings */

export function SiteOptionsForm({
  version,
  fields,
  isSaved,
  hasRecaptchaSecret,
}: SavedForm & { hasRecaptchaSecret: boolean }) {
  const { form, text, value } = useSettingsForm('site-options', siteOptionsSchema, fields);
  const steps = value('valuationSteps');
  return (
    <SettingsFormFrame
      title="Site options"
      id="site-options"
      version={version}
      isSaved={isSaved}
      savedMessage="The site options have been saved. The public site uses them now."
      form={form}
      submitLabel="Save site options"
    >
      <fieldset className="site-settings__group">
        <legend>Valuation form</legend>
        <div className="site-settings__radios">
          {(
            [
              ['single', 'Single step: every question on one page'],
              ['multi', 'Multi-step: contact details, then a time to visit'],
            ] as const
          ).map(([choice, label], index) => (
            <div key={choice} className="site-settings__radio">
              <input
                type="radio"
                // The first choice carries the field's id, so the error summary's link lands on the group.
                id={index === 0 ? 'field-valuationSteps' : `field-valuationSteps-${choice}`}
                name="valuationSteps"
                value={choice}
                defaultChecked={steps === choice}
              />
              <label htmlFor={index === 0 ? 'field-valuationSteps' : `field-valuationSteps-${choice}`}>{label}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Bot check on the site’s forms</legend>
        <SelectField label="Bot check" options={SPAM_PROTECTION_CHOICES} {...text('spamProtectionVersion')} />
        <TextField
          label="reCAPTCHA site key"
          autoComplete="off"
          spellCheck={false}
          hint="The public key Google gives with the secret key. Needed only for reCAPTCHA."
          {...text('botCheckSiteKey')}
        />
        <p className="site-settings__hint" data-testid="recaptcha-secret">
          {hasRecaptchaSecret
            ? 'The reCAPTCHA secret key is set in the server’s environment. It is never stored here or shown.'
            : 'No reCAPTCHA secret key is set in the server’s environment (RECAPTCHA_SECRET_KEY), so reCAPTCHA cannot be chosen. It is never stored here.'}
        </p>
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Header</legend>
        <TextField
          label="Desktop logo size (width,height in pixels)"
          autoComplete="off"
          {...text('headerDesktopLogoDimensions')}
        />
        <TextField
          label="Mobile logo size (width,height in pixels)"
          autoComplete="off"
          {...text('headerMobileLogoDimensions')}
        />
        <SelectField
          label="Logo position"
          options={[
            { value: 'centre', label: 'Centre, menu on both sides' },
            { value: 'left', label: 'Left, menu on the right' },
          ]}
          {...text('navbarLogoPosition')}
        />
        <CheckboxField
          name="splitNavigationMenuItemsEqually"
          label="Split the menu equally on both sides of a centred logo"
          defaultChecked={value('splitNavigationMenuItemsEqually') === 'on'}
        />
        <TextField
          label="Mobile header contact link"
          autoComplete="off"
          hint="Like tel:01632960100 or /contact; blank calls the agency telephone"
          {...text('mobileHeaderContactLink')}
        />
      </fieldset>
      <fieldset className="site-settings__group">
        <legend>Search, articles and calculators</legend>
        <SelectField label="Default search status" options={DEFAULT_SEARCH_STATUSES} {...text('defaultSearchStatus')} />
        <TextField label="Articles per page" inputMode="numeric" autoComplete="off" {...text('calendarPageSize')} />
        <TextField
          label="Default interest rate (%)"
          inputMode="decimal"
          autoComplete="off"
          {...text('interestRateDefault')}
        />
        <TextField label="Mortgage guide link" autoComplete="off" {...text('mortgageGuideUrl')} />
      </fieldset>
      <p className="site-settings__hint">
        Toast and message colours are the error and success colours on the <Link to="/admin/settings">Colours</Link>{' '}
        page.
      </p>
    </SettingsFormFrame>
  );
}

/* ---------------------------------------------------------------- analytics codes */

export function AnalyticsForm({ version, fields, isSaved }: SavedForm) {
  const { form, text } = useSettingsForm('analytics-codes', analyticsSchema, fields);
  return (
    <SettingsFormFrame
      title="Analytics"
      id="analytics-codes"
      version={version}
      isSaved={isSaved}
      savedMessage="The analytics codes have been saved. Visitors who accept analytics cookies get them from their next page."
      form={form}
      submitLabel="Save analytics codes"
    >
      <p className="site-settings__hint">
        Paste the snippets your analytics provider gives you. They run only for visitors who accept analytics cookies,
        and only <code>&lt;script&gt;</code>, <code>&lt;noscript&gt;</code>, <code>&lt;img&gt;</code> and{' '}
        <code>&lt;iframe&gt;</code> elements are accepted. Scripts must load from an https:// address. The site’s
        security policy may also need the provider’s addresses for the data they send.
      </p>
      <TextAreaField label="Code for the page head" rows={10} spellCheck={false} {...text('headAnalyticsCode')} />
      <TextAreaField label="Code for the page body" rows={10} spellCheck={false} {...text('analyticsCode')} />
    </SettingsFormFrame>
  );
}

/* ---------------------------------------------------------------- lead routing */

type RoutingChoices = {
  branches: { id: number; name: string }[];
  staff: { id: number; name: string; role: string }[];
};

export function LeadRoutingForm({ version, fields, isSaved, branches, staff }: SavedForm & RoutingChoices) {
  const { form, text } = useSettingsForm('lead-routing', leadRoutingSchema, fields);
  const branchOptions = [
    { value: '', label: 'The branch the form chose' },
    ...branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
  ];
  const staffOptions = [
    { value: '', label: 'Nobody (leave unassigned)' },
    ...staff.map((member) => ({ value: String(member.id), label: `${member.name} (${member.role})` })),
  ];
  return (
    <SettingsFormFrame
      title="Lead routing"
      id="lead-routing"
      version={version}
      isSaved={isSaved}
      savedMessage="The lead routing has been saved. New leads follow it now."
      form={form}
      submitLabel="Save lead routing"
    >
      <p className="site-settings__hint">
        For each kind of lead, choose the branch it goes to and who it is assigned to. The chosen person is emailed each
        new lead; without one, the branch (or the department, or the agency) is emailed as before. A manager or
        negotiator is assigned only leads of their own branches.
      </p>
      {ROUTABLE_LEAD_KINDS.map(({ kind, label }) => (
        <fieldset className="site-settings__group site-settings__pair" key={kind}>
          <legend>{label}</legend>
          <SelectField label="Branch" options={branchOptions} {...text(`branch_${kind}`)} />
          <SelectField label="Assigned to" options={staffOptions} {...text(`staff_${kind}`)} />
        </fieldset>
      ))}
    </SettingsFormFrame>
  );
}

/* ---------------------------------------------------------------- logo and favicon */

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

/** One upload form: the authenticity token and fields before the file, so the reader checks it first. */
function UploadForm({
  intent,
  version,
  label,
  hint,
  button,
}: {
  intent: 'logo' | 'favicon';
  version: number;
  label: string;
  hint: string;
  button: string;
}) {
  const inputId = `field-${intent}-file`;
  return (
    <form method="post" encType="multipart/form-data" className="site-settings__upload">
      <CsrfField />
      <input type="hidden" name="version" value={String(version)} />
      <input type="hidden" name="intent" value={intent} />
      <div className="form-field">
        <label className="form-field__label form-field__label--always" htmlFor={inputId}>
          {label}
        </label>
        <p className="form-field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
        <input id={inputId} type="file" name="file" accept={IMAGE_ACCEPT} aria-describedby={`${inputId}-hint`} />
      </div>
      <button type="submit" className="admin-button">
        {button}
      </button>
    </form>
  );
}

export function BrandingForms({
  version,
  logoUrl,
  faviconUrl,
  isSaved,
  uploadError,
}: {
  version: number;
  logoUrl: string;
  faviconUrl: string | null;
  isSaved: boolean;
  uploadError: string | null;
}) {
  return (
    <div className="site-settings">
      {isSaved ? (
        <p className="admin-notice" role="status">
          Saved. The public site shows it now.
        </p>
      ) : null}
      <h2>Logo and favicon</h2>
      {uploadError ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <h3 className="error-summary__title">There is a problem</h3>
          <p>{uploadError}</p>
        </div>
      ) : null}
      <section aria-labelledby="logo-heading" className="site-settings__group">
        <h3 id="logo-heading">Logo</h3>
        {logoUrl ? <img src={logoUrl} alt="The current logo" className="site-settings__logo" /> : null}
        <UploadForm
          intent="logo"
          version={version}
          label="New logo"
          hint="A PNG (transparent background), JPEG or WebP image; its size in the header is set on the Site options page."
          button="Upload logo"
        />
      </section>
      <section aria-labelledby="favicon-heading" className="site-settings__group">
        <h3 id="favicon-heading">Favicon</h3>
        {faviconUrl ? (
          <img src={faviconUrl} alt="The current favicon" width={48} height={48} />
        ) : (
          <p>The site uses its default icon.</p>
        )}
        <UploadForm
          intent="favicon"
          version={version}
          label="New favicon"
          hint="A square PNG, JPEG or WebP image of at least 192 × 192 pixels; it is made into a 192 px icon."
          button="Upload favicon"
        />
        {faviconUrl ? (
          <form method="post">
            <CsrfField />
            <input type="hidden" name="version" value={String(version)} />
            <input type="hidden" name="intent" value="default-favicon" />
            <button type="submit" className="admin-button admin-button--secondary">
              Use the default icon
            </button>
          </form>
        ) : null}
      </section>
    </div>
  );
}
