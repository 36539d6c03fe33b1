import type { LegalSettings, OpeningHours, OpeningPeriod } from '../schema/agency.ts';

/** The demo agency's company and regulatory details, shown in the legal footer of every page. */
export const demoLegalSettings: LegalSettings = {
  registeredName: 'Harbour & Vale Property Services Limited',
  companyNumber: '09876543',
  placeOfRegistration: 'Registered in England and Wales',
  registeredOffice: '14 Milsom Street, Bath BA1 1DE',
  redressScheme: {
    name: 'The Property Ombudsman',
    membershipNumber: 'T01234',
    url: 'https://www.tpos.co.uk/',
  },
  clientMoneyProtection: {
    scheme: 'Propertymark Client Money Protection',
    membershipNumber: 'C0012345',
    certificateUrl: '/client-money-protection',
  },
  professionalMemberships: [
    { name: 'Propertymark (NAEA)', url: 'https://www.propertymark.co.uk/' },
    { name: 'Propertymark (ARLA)', url: 'https://www.propertymark.co.uk/' },
  ],
  icoRegistrationNumber: 'ZA123456',
  vatNumber: 'GB 123 4567 89',
  pages: {
    complaints: '/complaints-procedure',
    landlordFees: '/landlord-fees',
    tenantFees: '/tenant-fees',
    privacy: '/privacy-policy',
    cookies: '/cookie-policy',
  },
};

const weekday = (opens: string, closes: string): OpeningPeriod[] => [{ opens, closes }];

/** England and Wales bank holidays 2026–2027 (gov.uk list); Scotland's differ (2 January, August, St Andrew's Day). */
const ENGLAND_AND_WALES_BANK_HOLIDAYS: Array<[string, string]> = [
  ['2026-01-01', 'New Year’s Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-31', 'Summer bank holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', 'New Year’s Day'],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-30', 'Summer bank holiday'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
];

const SCOTLAND_BANK_HOLIDAYS: Array<[string, string]> = [
  ['2026-01-01', 'New Year’s Day'],
  ['2026-01-02', '2nd January'],
  ['2026-04-03', 'Good Friday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-03', 'Summer bank holiday'],
  ['2026-11-30', 'St Andrew’s Day'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', 'New Year’s Day'],
  ['2027-01-04', '2nd January (substitute day)'],
  ['2027-03-26', 'Good Friday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-02', 'Summer bank holiday'],
  ['2027-11-30', 'St Andrew’s Day'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
];

/**
 * Weekday and Saturday hours, closed on Sundays; city branches open late on Thursdays and on Sunday mornings.
 * Bank holidays close the office, except the Easter Monday and late-summer Saturdays of the busy branches.
 */
export function demoOpeningHours(country: 'england' | 'scotland' | 'wales', isCity: boolean): OpeningHours {
  const holidays = country === 'scotland' ? SCOTLAND_BANK_HOLIDAYS : ENGLAND_AND_WALES_BANK_HOLIDAYS;
  return {
    week: [
      weekday('09:00', '17:30'),
      weekday('09:00', '17:30'),
      weekday('09:00', '17:30'),
      weekday('09:00', isCity ? '19:00' : '17:30'),
      weekday('09:00', '17:30'),
      weekday('09:00', isCity ? '16:00' : '13:00'),
      isCity ? weekday('10:00', '14:00') : [],
    ],
    exceptions: holidays.map(([date, name]) => ({
      date,
      name,
      periods: isCity && /Easter Monday/.test(name) ? [{ opens: '10:00', closes: '14:00' }] : [],
    })),
  };
}
