import { demoLegalSettings, demoOpeningHours } from './legal.ts';
import type {
  branches,
  DepartmentKind,
  departments,
  menuItems,
  siteSettings,
  staffMembers,
  ThemeSettings,
} from '../schema/index.ts';
import type { Gazetteer } from './gazetteer.ts';
import { LOGO_PNG_URL, mediaUrl, staffPortraits } from './images.ts';
import { slugify } from './random.ts';

/**
 * The demo agency: one site, eight branches in real towns, their departments and staff, and the header menus.
 * Telephone numbers are in Ofcom's drama ranges (01632 960xxx, 0117/0131 496 0xxx, 029 2018 0xxx,
 * 07700 900xxx, 03069 990xxx) and email addresses use the reserved .example domain, so nothing reaches a real
 * person.
 */

export const AGENCY_NAME = 'Harbour & Vale Estate Agents';
export const AGENCY_EMAIL = 'hello@harbourandvale.example';
export const AGENCY_TELEPHONE = '03069 990123';
export const EMAIL_DOMAIN = 'harbourandvale.example';

type BranchCountry = 'england' | 'scotland' | 'wales';

export type BranchPlan = {
  id: number;
  slug: string;
  name: string;
  /** Short code used in property references, e.g. HV-BAT-00042. */
  code: string;
  town: string;
  addressLine1: string;
  postcode: string;
  country: BranchCountry;
  location: { lat: number; lng: number };
  /** Returns successive numbers from the branch's drama range. */
  phoneBase: (index: number) => string;
  extraDepartments: DepartmentKind[];
  propertyCount: number;
  /** Sale prices relative to a York baseline (1.0). */
  priceFactor: number;
  /** Rents relative to a York baseline (1.0). */
  rentFactor: number;
  /** Share of sales stock that is flats. */
  flatShare: number;
  /** Counties across water that are nearer as the crow flies but not the branch's patch. */
  excludedCounties: string[];
  description: string;
  transport: string;
  character: string;
};

const drama01632 = (hundreds: number) => (index: number) =>
  `01632 960${String(hundreds * 100 + index).padStart(3, '0')}`;
const drama496 = (areaCode: string) => (index: number) => `${areaCode} 496 0${String(100 + index).padStart(3, '0')}`;

export const branchPlans: BranchPlan[] = [
  {
    id: 1,
    slug: 'bath',
    name: 'Bath',
    code: 'BAT',
    town: 'Bath',
    addressLine1: '14 Milsom Street',
    postcode: 'BA1 1DE',
    country: 'england',
    location: { lat: 51.3839, lng: -2.3612 },
    phoneBase: drama01632(1),
    extraDepartments: ['new-homes', 'antiques', 'professional-services'],
    propertyCount: 360,
    priceFactor: 1.45,
    rentFactor: 1.3,
    flatShare: 0.27,
    excludedCounties: [],
    description:
      'Our Bath office sits on Milsom Street in the heart of the World Heritage city. The team sells and lets Georgian townhouses, city apartments and village homes across Bath, the Cotswold fringe and the Limpley Stoke valley, and runs our antiques valuations and professional services.',
    transport:
      'Bath Spa station has direct trains to London Paddington in around 90 minutes and to Bristol in 15, and the M4 (junction 18) is a short drive north.',
    character: 'honey-coloured Bath stone terraces, green hillsides and the River Avon',
  },
  {
    id: 2,
    slug: 'bristol-clifton',
    name: 'Bristol Clifton',
    code: 'BRI',
    town: 'Bristol',
    addressLine1: '8 The Mall, Clifton',
    postcode: 'BS8 4DR',
    country: 'england',
    location: { lat: 51.4557, lng: -2.6199 },
    phoneBase: drama496('0117'),
    extraDepartments: ['commercial', 'new-homes'],
    propertyCount: 470,
    priceFactor: 1.15,
    rentFactor: 1.3,
    flatShare: 0.34,
    excludedCounties: [],
    description:
      'From Clifton Village we cover the whole of Bristol, from harbourside apartments and Victorian terraces in Redland and Bishopston to family homes in the northern suburbs. Our commercial team advises on offices, shops and industrial units across the West of England.',
    transport:
      'Bristol Temple Meads and Bristol Parkway have fast trains to London, Cardiff and Birmingham, the M4 and M5 meet just north of the city, and Bristol Airport is twenty minutes away.',
    character: 'the Avon Gorge, the harbourside and brightly painted Victorian terraces',
  },
  {
    id: 3,
    slug: 'cheltenham',
    name: 'Cheltenham',
    code: 'CHE',
    town: 'Cheltenham',
    addressLine1: '27 Montpellier Walk',
    postcode: 'GL50 1SD',
    country: 'england',
    location: { lat: 51.8962, lng: -2.0818 },
    phoneBase: drama01632(3),
    extraDepartments: ['agriculture', 'auctions'],
    propertyCount: 330,
    priceFactor: 1.2,
    rentFactor: 1.1,
    flatShare: 0.22,
    excludedCounties: [],
    description:
      'Our Montpellier office handles Regency Cheltenham and the surrounding Cotswold villages. The agricultural team sells farms and land across Gloucestershire, and our auction room holds regular property auctions.',
    transport:
      'Cheltenham Spa station has direct trains to London Paddington, Birmingham and Bristol, and the M5 (junctions 10 and 11) links to the Midlands and the South West.',
    character: 'Regency crescents, tree-lined promenades and the Cotswold escarpment',
  },
  {
    id: 4,
    slug: 'oxford',
    name: 'Oxford',
    code: 'OXF',
    town: 'Oxford',
    addressLine1: '212 Banbury Road, Summertown',
    postcode: 'OX2 7BY',
    country: 'england',
    location: { lat: 51.776, lng: -1.2642 },
    phoneBase: drama01632(4),
    extraDepartments: ['new-homes', 'professional-services'],
    propertyCount: 380,
    priceFactor: 1.5,
    rentFactor: 1.45,
    flatShare: 0.26,
    excludedCounties: [],
    description:
      'Based in Summertown, the Oxford team covers the city, North Oxford and the villages between Woodstock, Abingdon and Wheatley, with a strong lettings business serving the universities and hospitals.',
    transport:
      'Oxford and Oxford Parkway stations have frequent trains to London Paddington and Marylebone, the Oxford Tube coach runs round the clock, and the A34 and M40 are close by.',
    character: 'college spires, leafy North Oxford roads and the meadows of the Thames and Cherwell',
  },
  {
    id: 5,
    slug: 'york',
    name: 'York',
    code: 'YRK',
    town: 'York',
    addressLine1: '41 Micklegate',
    postcode: 'YO1 6JH',
    country: 'england',
    location: { lat: 53.9571, lng: -1.0868 },
    phoneBase: drama01632(5),
    extraDepartments: ['commercial', 'auctions'],
    propertyCount: 360,
    priceFactor: 1.05,
    rentFactor: 1.05,
    flatShare: 0.2,
    excludedCounties: [],
    description:
      'Our Micklegate office, inside the city walls, sells and lets homes across York and the Vale of York, and runs the commercial and auction departments for our northern branches.',
    transport:
      "York station is on the East Coast Main Line, with London King's Cross under two hours away and Leeds and Manchester on the TransPennine route; the A64 and A1(M) are nearby.",
    character: 'the medieval city walls, the Minster and the River Ouse',
  },
  {
    id: 6,
    slug: 'harrogate',
    name: 'Harrogate',
    code: 'HAR',
    town: 'Harrogate',
    addressLine1: '9 Princes Square',
    postcode: 'HG1 1LX',
    country: 'england',
    location: { lat: 53.9924, lng: -1.5375 },
    phoneBase: drama01632(6),
    extraDepartments: ['agriculture', 'new-homes'],
    propertyCount: 310,
    priceFactor: 1.25,
    rentFactor: 1.05,
    flatShare: 0.2,
    excludedCounties: [],
    description:
      'The Harrogate office covers the spa town, Knaresborough, Wetherby and Nidderdale, with an agricultural team that sells farms, estates and land across North Yorkshire.',
    transport:
      'Harrogate station has trains to Leeds and York, with a direct service to London, and the A1(M) and Leeds Bradford Airport are both within half an hour.',
    character: 'the Stray, Victorian villas and the Yorkshire Dales on the doorstep',
  },
  {
    id: 7,
    slug: 'edinburgh',
    name: 'Edinburgh',
    code: 'EDI',
    town: 'Edinburgh',
    addressLine1: '72 George Street',
    postcode: 'EH2 3BU',
    country: 'scotland',
    location: { lat: 55.953, lng: -3.2 },
    phoneBase: drama496('0131'),
    extraDepartments: ['commercial', 'new-homes'],
    propertyCount: 430,
    priceFactor: 1.1,
    rentFactor: 1.25,
    flatShare: 0.5,
    excludedCounties: ['Fife'],
    description:
      'Our George Street office sells and lets tenement flats, New Town apartments and family homes across Edinburgh and the Lothians. In Scotland we also prepare Home Reports and handle closing dates.',
    transport:
      'Edinburgh Waverley and Haymarket stations connect to Glasgow, Aberdeen and London, the tram runs from the city centre to the airport, and the City Bypass links every suburb.',
    character: 'the Old and New Towns, Arthur’s Seat and the Firth of Forth',
  },
  {
    id: 8,
    slug: 'cardiff',
    name: 'Cardiff',
    code: 'CDF',
    town: 'Cardiff',
    addressLine1: '110 Cathedral Road, Pontcanna',
    postcode: 'CF11 9LQ',
    country: 'wales',
    location: { lat: 51.4875, lng: -3.196 },
    phoneBase: (index: number) => `029 2018 0${String(100 + index).padStart(3, '0')}`,
    extraDepartments: ['commercial'],
    propertyCount: 360,
    priceFactor: 0.85,
    rentFactor: 0.95,
    flatShare: 0.3,
    excludedCounties: [],
    description:
      'From Cathedral Road in Pontcanna we sell and let homes across Cardiff, Penarth and the Vale of Glamorgan. Our lettings team is licensed by Rent Smart Wales.',
    transport:
      'Cardiff Central has direct trains to London Paddington, Bristol and Swansea, the M4 runs along the north of the city, and Cardiff Airport is at Rhoose.',
    character: 'Bute Park, Cardiff Bay and the Victorian streets of Pontcanna and Roath',
  },
];

const departmentLabels: Record<DepartmentKind, string> = {
  sales: 'Sales',
  lettings: 'Lettings',
  'new-homes': 'New Homes',
  commercial: 'Commercial',
  agriculture: 'Agriculture',
  auctions: 'Auctions',
  antiques: 'Antiques',
  'professional-services': 'Professional Services',
};

const departmentEmailNames: Record<DepartmentKind, string> = {
  sales: 'sales',
  lettings: 'lettings',
  'new-homes': 'newhomes',
  commercial: 'commercial',
  agriculture: 'agriculture',
  auctions: 'auctions',
  antiques: 'antiques',
  'professional-services': 'surveys',
};

type BranchRow = typeof branches.$inferInsert & { id: number };
type DepartmentRow = typeof departments.$inferInsert & { id: number; branchId: number; kind: DepartmentKind };
export type StaffRow = typeof staffMembers.$inferInsert & { id: number; branchId: number };

export type AgencyData = {
  siteSettings: typeof siteSettings.$inferInsert;
  menuItems: Array<typeof menuItems.$inferInsert>;
  branches: BranchRow[];
  departments: DepartmentRow[];
  staff: StaffRow[];
};

type StaffPlan = [
  title: string | null,
  firstName: string,
  surname: string,
  jobTitle: string,
  department: DepartmentKind,
];

/** Five people per branch (six in Bath, four in Cardiff): manager and negotiator (sales), lettings, specialists. */
const staffPlans: Record<string, StaffPlan[]> = {
  bath: [
    ['Mrs', 'Charlotte', 'Pembridge', 'Branch Manager and Associate Director', 'sales'],
    ['Mr', 'Tom', 'Haskins', 'Senior Sales Negotiator', 'sales'],
    ['Ms', 'Priya', 'Raman', 'Lettings Manager', 'lettings'],
    ['Mr', 'Oliver', 'Marsh', 'New Homes Consultant', 'new-homes'],
    ['Miss', 'Eleanor', 'Whitcombe', 'Antiques and Fine Art Specialist', 'antiques'],
    ['Mr', 'James', 'Okafor', 'Associate Director, Professional Services MRICS', 'professional-services'],
  ],
  'bristol-clifton': [
    ['Ms', 'Sophie', 'Clarke', 'Branch Manager', 'sales'],
    ['Mr', 'Daniel', 'Reyes', 'Sales Negotiator', 'sales'],
    ['Mrs', 'Hannah', 'Lewis', 'Lettings Manager', 'lettings'],
    ['Mr', 'Marcus', 'Bennett', 'Commercial Surveyor MRICS', 'commercial'],
    ['Ms', 'Aisha', 'Khan', 'New Homes Consultant', 'new-homes'],
  ],
  cheltenham: [
    ['Mr', 'Rupert', 'Ashdown', 'Branch Manager', 'sales'],
    ['Miss', 'Lucy', 'Fairweather', 'Sales Negotiator', 'sales'],
    ['Mrs', 'Grace', 'Mitchell', 'Lettings Manager', 'lettings'],
    ['Mr', 'William', 'Harcourt', 'Agricultural Surveyor FAAV', 'agriculture'],
    ['Mrs', 'Felicity', 'Barnes', 'Auctioneer', 'auctions'],
  ],
  oxford: [
    ['Mr', 'Edward', 'Lindqvist', 'Branch Manager', 'sales'],
    ['Ms', 'Amara', 'Nwosu', 'Senior Sales Negotiator', 'sales'],
    ['Miss', 'Georgia', 'Hale', 'Lettings Manager', 'lettings'],
    ['Mr', 'Benjamin', 'Cho', 'New Homes Consultant', 'new-homes'],
    ['Dr', 'Rachel', 'Stein', 'Director, Professional Services MRICS', 'professional-services'],
  ],
  york: [
    ['Mr', 'Matthew', 'Ellison', 'Branch Manager', 'sales'],
    ['Ms', 'Jessica', 'Thornton', 'Sales Negotiator', 'sales'],
    ['Mr', 'Liam', "O'Connell", 'Lettings Manager', 'lettings'],
    ['Mrs', 'Sarah', 'Whitby', 'Commercial Agent', 'commercial'],
    ['Mr', 'Robert', 'Kettlewell', 'Auction Manager', 'auctions'],
  ],
  harrogate: [
    ['Mrs', 'Victoria', 'Ashworth', 'Branch Manager', 'sales'],
    ['Mr', 'Samuel', 'Briggs', 'Sales Negotiator', 'sales'],
    ['Miss', 'Emily', 'Dawson', 'Lettings Manager', 'lettings'],
    ['Mr', 'Henry', 'Metcalfe', 'Agricultural Surveyor MRICS', 'agriculture'],
    ['Ms', 'Zara', 'Hussain', 'New Homes Consultant', 'new-homes'],
  ],
  edinburgh: [
    ['Ms', 'Fiona', 'MacLeod', 'Branch Manager', 'sales'],
    ['Mr', 'Callum', 'Stewart', 'Senior Sales Negotiator', 'sales'],
    ['Miss', 'Isla', 'Fraser', 'Lettings Manager', 'lettings'],
    ['Mr', 'Ruaridh', 'Campbell', 'Commercial Surveyor MRICS', 'commercial'],
    ['Mrs', 'Kirsty', 'Ferguson', 'New Homes Consultant', 'new-homes'],
  ],
  cardiff: [
    ['Mr', 'Rhys', 'Llewellyn', 'Branch Manager', 'sales'],
    ['Ms', 'Catrin', 'Morgan', 'Sales Negotiator', 'sales'],
    ['Mr', 'Owain', 'Price', 'Lettings Manager', 'lettings'],
    ['Ms', 'Megan', 'Pritchard', 'Commercial Agent', 'commercial'],
  ],
};

const theme: ThemeSettings = {
  headerDesktopLogoDimensions: '220,60',
  headerMobileLogoDimensions: '160,44',
  splitNavigationMenuItemsEqually: false,
  navbarLogoPosition: 'centre',
  mobileHeaderContactLink: null,
  calendarPageSize: 12,
  interestRateDefault: 4.5,
  valuationSingleStep: false,
  spamProtectionVersion: 'altcha',
  mortgageGuideUrl: '/mortgages',
  // #b00020 is 7.3:1 and #1b7a3a is 5.4:1 against white, both above WCAG AA's 4.5:1 for text.
  preferences: { defaultSearchStatus: 'available', errorColour: '#b00020', successColour: '#1b7a3a' },
};

/** Property tags mapped to the department label that answers enquiries about them, per channel. */
const tagsToDepartmentLabels = {
  sales: {
    auction: 'Auctions',
    agricultural: 'Agriculture',
    antiques: 'Antiques',
    commercial: 'Commercial',
    'new home': 'New Homes',
  },
  lettings: {
    agricultural: 'Agriculture',
    commercial: 'Commercial',
  },
};

/** Harmless stand-ins for a site's analytics snippets: they only set a flag, so tests can see consent gating. */
const ANALYTICS_CODE = '<script>window.doorstepAnalyticsLoaded = true;</script>';
const HEAD_ANALYTICS_CODE =
  '<script>window.doorstepAnalyticsLoaded = true; window.doorstepHeadAnalyticsLoaded = true;</script>';

export function buildAgency(gazetteer: Gazetteer): AgencyData {
  const branchRows: BranchRow[] = [];
  const departmentRows: DepartmentRow[] = [];
  const staffRows: StaffRow[] = [];
  let departmentId = 0;
  let staffId = 0;
  let mobile = 0;

  for (const plan of branchPlans) {
    const town = gazetteer.towns.find(
      (candidate) => candidate.name === plan.town && candidate.country === plan.country,
    );
    const kinds: DepartmentKind[] = ['sales', 'lettings', ...plan.extraDepartments];
    branchRows.push({
      id: plan.id,
      slug: plan.slug,
      name: plan.name,
      addressLine1: plan.addressLine1,
      town: plan.town,
      county: town?.countyName ?? plan.town,
      country: plan.country,
      postcode: plan.postcode,
      location: plan.location,
      contactNumber: plan.phoneBase(0),
      salesContactNumber: plan.phoneBase(1),
      lettingsContactNumber: plan.phoneBase(2),
      email: `${plan.slug.split('-')[0]}@${EMAIL_DOMAIN}`,
      description: plan.description,
      externalCommercialDepartmentId: null,
      timeZone: 'Europe/London',
      openingHours: demoOpeningHours(plan.country, plan.extraDepartments.length >= 2),
      // The demo agency's software calls each branch by its reference code (BRANCH_ID in its BLM feed).
      feedCode: plan.code,
    });
    const branchDepartmentIds = new Map<DepartmentKind, number>();
    kinds.forEach((kind, index) => {
      departmentId += 1;
      branchDepartmentIds.set(kind, departmentId);
      departmentRows.push({
        id: departmentId,
        branchId: plan.id,
        kind,
        name: `${plan.name} ${departmentLabels[kind]}`,
        label: departmentLabels[kind],
        telephone: plan.phoneBase(index + 1),
        email: `${plan.slug.split('-')[0]}.${departmentEmailNames[kind]}@${EMAIL_DOMAIN}`,
        branchDepartmentUrlLabel: kind,
      });
    });
    const people = staffPlans[plan.slug] ?? [];
    people.forEach(([title, firstName, surname, jobTitle, department], position) => {
      staffId += 1;
      const isSales = department === 'sales' || department === 'new-homes';
      const usesMobile = position >= 3;
      if (usesMobile) mobile += 1;
      staffRows.push({
        id: staffId,
        branchId: plan.id,
        departmentId: branchDepartmentIds.get(department) ?? null,
        title,
        firstName,
        surname,
        jobTitle,
        email: `${slugify(firstName).replace(/-/g, '')}.${slugify(surname).replace(/-/g, '')}@${EMAIL_DOMAIN}`,
        telephoneNumber: usesMobile
          ? `07700 900${String(100 + mobile).padStart(3, '0')}`
          : plan.phoneBase(20 + position),
        // Every ninth person has no photo, so the UI's placeholder is exercised.
        photoUrl: staffId % 9 === 0 ? null : mediaUrl('staff', staffPortraits[(staffId - 1) % staffPortraits.length]!),
        contactableForSales: isSales,
        contactableForLettings: department === 'lettings',
        position,
      });
    });
  }

  // Branches without their own commercial team send 'gth commercial' enquiries to a neighbour's.
  const commercialOf = (slug: string) => {
    const branch = branchRows.find((row) => row.slug === slug);
    return departmentRows.find((row) => row.branchId === branch?.id && row.kind === 'commercial')?.id ?? null;
  };
  const externalCommercial: Record<string, string> = {
    bath: 'bristol-clifton',
    cheltenham: 'bristol-clifton',
    oxford: 'bristol-clifton',
    harrogate: 'york',
  };
  for (const row of branchRows) {
    const target = externalCommercial[row.slug];
    if (target) row.externalCommercialDepartmentId = commercialOf(target);
  }

  return {
    siteSettings: {
      id: 1,
      agencyName: AGENCY_NAME,
      agencyEmail: AGENCY_EMAIL,
      agencyContactTelephone: AGENCY_TELEPHONE,
      logoUrl: LOGO_PNG_URL,
      theme,
      analyticsCode: ANALYTICS_CODE,
      headAnalyticsCode: HEAD_ANALYTICS_CODE,
      tagsToDepartmentLabels,
      legal: demoLegalSettings,
    },
    menuItems: buildMenuItems(),
    branches: branchRows,
    departments: departmentRows,
    staff: staffRows,
  };
}

type MenuPlan = { name: string; url: string; target?: 'S' | 'B'; children?: MenuPlan[] };

const primaryMenu: MenuPlan[] = [
  {
    name: 'Buy',
    url: '/search?channel=sales',
    children: [
      { name: 'Property for sale', url: '/search?channel=sales' },
      { name: 'New homes', url: '/search?channel=sales&tags=new+home' },
      { name: 'Auctions', url: '/search?channel=sales&tags=auction' },
      { name: 'Mortgage guide', url: '/mortgages' },
    ],
  },
  {
    name: 'Rent',
    url: '/search?channel=lettings',
    children: [
      { name: 'Property to rent', url: '/search?channel=lettings' },
      { name: 'Short lets', url: '/search?channel=lettings&shortLets=true' },
      { name: 'Tenant information', url: '/tenant-information' },
    ],
  },
  {
    name: 'Sell',
    url: '#/book-a-valuation',
    children: [
      { name: 'Book a valuation', url: '#/book-a-valuation' },
      { name: 'Instant valuation', url: '/valuation' },
    ],
  },
  {
    name: 'Let',
    url: '/landlords',
    children: [
      { name: 'Landlord services', url: '/landlords' },
      { name: 'Book a lettings valuation', url: '#/book-a-valuation' },
    ],
  },
  {
    name: 'Commercial',
    url: '/search?channel=sales&tags=commercial',
    children: [
      { name: 'Commercial property for sale', url: '/search?channel=sales&tags=commercial' },
      { name: 'Commercial property to let', url: '/search?channel=lettings&tags=commercial' },
    ],
  },
  {
    name: 'About',
    url: '/about-us',
    children: [
      { name: 'About us', url: '/about-us' },
      { name: 'Branches', url: '/branches' },
      { name: 'News', url: '/articles' },
      { name: 'Careers', url: '/careers' },
      { name: 'The Property Ombudsman', url: 'https://www.tpos.co.uk/', target: 'B' },
    ],
  },
  // The contact modal needs an office to address (spec point 2): the Bath head office.
  { name: 'Contact', url: '/contact-office?branch_id=1' },
];

const secondaryMenu: MenuPlan[] = [
  { name: 'Mortgages', url: '/mortgages' },
  { name: 'Saved properties', url: '/user/saved-properties' },
  { name: 'Book a valuation', url: '#/book-a-valuation' },
  { name: 'News & advice', url: '/articles' },
];

function buildMenuItems(): Array<typeof menuItems.$inferInsert> {
  const rows: Array<typeof menuItems.$inferInsert> = [];
  let id = 0;
  const add = (menu: 'primary' | 'secondary', plans: MenuPlan[], parentId: number | null) => {
    plans.forEach((plan, position) => {
      id += 1;
      const ownId = id;
      rows.push({ id: ownId, menu, parentId, position, name: plan.name, url: plan.url, target: plan.target ?? 'S' });
      if (plan.children) add(menu, plan.children, ownId);
    });
  };
  add('primary', primaryMenu, null);
  add('secondary', secondaryMenu, null);
  return rows;
}
