/** The User of spec point 3 as GET /user.ljson returns it; the empty default user has user_id null. */
type MarketingPreferencesView = {
  /** 'on' once the terms were agreed to, else 'off'. */
  opt_in_terms: 'on' | 'off';
  /** The URL of the marketing wording agreed to, or null when not opted in. */
  opt_in_marketing: string | null;
  opt_in_terms_at: string | null;
  opt_in_marketing_at: string | null;
};

export type UserView = {
  user_id: number | null;
  email: string;
  title: string;
  first_name: string;
  last_name: string;
  house_name: string;
  house_number: string;
  street_address: string;
  address_2: string;
  address_html: string;
  locality: string;
  town: string;
  county: string;
  postcode: string;
  tel_home: string;
  tel_mobile: string;
  is_opted_in_to_marketing: boolean;
  marketing_preference_id: number | null;
  marketing_preferences: MarketingPreferencesView;
  custom_marketing_preferences: { is_opted_in_to_marketing: boolean };
  agency: { hfpe_enabled: boolean; name: string; email: string };
  portal_leads: unknown[];
  saved_properties: number[];
  saved_searches: number[];
};

const EMPTY_MARKETING_PREFERENCES: MarketingPreferencesView = {
  opt_in_terms: 'off',
  opt_in_marketing: null,
  opt_in_terms_at: null,
  opt_in_marketing_at: null,
};

export function emptyUser(agency: UserView['agency'] = { hfpe_enabled: false, name: '', email: '' }): UserView {
  return {
    user_id: null,
    email: '',
    title: '',
    first_name: '',
    last_name: '',
    house_name: '',
    house_number: '',
    street_address: '',
    address_2: '',
    address_html: '',
    locality: '',
    town: '',
    county: '',
    postcode: '',
    tel_home: '',
    tel_mobile: '',
    is_opted_in_to_marketing: false,
    marketing_preference_id: null,
    marketing_preferences: EMPTY_MARKETING_PREFERENCES,
    custom_marketing_preferences: { is_opted_in_to_marketing: false },
    agency,
    portal_leads: [],
    saved_properties: [],
    saved_searches: [],
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The address as escaped HTML lines joined by <br> (the spec's address_html). */
export function addressHtml(parts: {
  house_name?: string | null;
  house_number?: string | null;
  street_address?: string | null;
  address_2?: string | null;
  locality?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
}): string {
  const street = [parts.house_number, parts.street_address].filter(Boolean).join(' ');
  const lines = [parts.house_name, street, parts.address_2, parts.locality, parts.town, parts.county, parts.postcode]
    .map((line) => (line ?? '').trim())
    .filter((line) => line.length > 0);
  return lines.map((line) => line.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)).join('<br>');
}
