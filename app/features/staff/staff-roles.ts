/**
 * Staff roles and what each may open (client-safe: the back office's navigation reads it too). The server checks
 * the role in every loader and action (`requireStaff`); these lists only decide which links are shown.
 */
export const STAFF_ROLES = ['owner', 'manager', 'negotiator', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  negotiator: 'Negotiator',
  editor: 'Editor',
};

/** The signed-in staff member, as every back-office loader and action sees them. */
export type StaffPrincipal = { staffId: number; email: string; name: string; role: StaffRole; branchIds: number[] };

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The back office's sections: the landing page and the navigation list those the role may use. Add a section here
 * when its page exists (with the same roles its loader passes to `requireStaff`).
 */
export type BackOfficeSection = { path: string; title: string; description: string; roles: readonly StaffRole[] };

const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  {
    path: '/admin/leads',
    title: 'Leads',
    description: 'Viewing, valuation and enquiry requests: filter, assign, follow up and export.',
    roles: ['owner', 'manager', 'negotiator'],
  },
  {
    path: '/admin/listings',
    title: 'Listings',
    description: 'Find, create and edit listings; change their status and price; publish, unpublish and preview.',
    roles: ['owner', 'manager'],
  },
  {
    path: '/admin/diary',
    title: 'Diary',
    description: 'Requested viewings and valuations by day and week: confirm, reschedule or cancel appointments.',
    roles: ['owner', 'manager', 'negotiator'],
  },
  {
    path: '/admin/email',
    title: 'Email',
    description: 'The outbox: what is queued, sent, retrying or failed; resend failed emails; is the mail server up.',
    roles: ['owner', 'manager'],
  },
  {
    path: '/admin/branches',
    title: 'Branches',
    description: 'Branch details, telephone numbers, opening hours, map position and staff profiles on the site.',
    roles: ['owner', 'manager'],
  },
  {
    path: '/admin/articles',
    title: 'Articles',
    description: 'Write news and blog articles: draft, schedule, publish; search engine details; earlier versions.',
    roles: ['owner', 'editor'],
  },
  {
    path: '/admin/pages',
    title: 'Pages',
    description: 'Terms, privacy, cookies, fees, complaints procedure and the other pages; earlier versions.',
    roles: ['owner', 'editor'],
  },
  {
    path: '/admin/forms',
    title: 'Forms',
    description: 'Custom forms: fields, who receives them, the thank-you, publishing, a preview and their submissions.',
    roles: ['owner', 'editor'],
  },
  {
    path: '/admin/staff',
    title: 'Staff',
    description: 'Invite staff, change roles and branches, reset an authenticator, deactivate accounts.',
    roles: ['owner'],
  },
  {
    path: '/admin/privacy',
    title: 'Privacy',
    description: 'Find, export or erase what is held about an email address; how long leads are kept.',
    roles: ['owner'],
  },
  {
    path: '/admin/settings',
    title: 'Settings',
    description: "The site's colours, each text and background pair held to WCAG AA contrast.",
    roles: ['owner'],
  },
  {
    path: '/admin/menus',
    title: 'Menus',
    description: 'The header and home page menus: add, rename, nest and reorder links to pages of the site.',
    roles: ['owner', 'editor'],
  },
  {
    path: '/admin/home-page',
    title: 'Home page',
    description: "The home page's sections: which show, in what order, their headings and how many cards.",
    roles: ['owner', 'editor'],
  },
  {
    path: '/admin/audit',
    title: 'Audit log',
    description: 'Who signed in, changed, exported or erased what, when and from where.',
    roles: ['owner'],
  },
  {
    path: '/admin/account',
    title: 'Your account',
    description: 'Change your password and sign out of every device.',
    roles: STAFF_ROLES,
  },
];

export function sectionsFor(role: StaffRole): BackOfficeSection[] {
  return BACK_OFFICE_SECTIONS.filter((section) => section.roles.includes(role));
}
