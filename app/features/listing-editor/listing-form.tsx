/**
 * The listing form: every field of a listing, its material information grouped as National Trading Standards'
 * guidance groups it (Part A on every listing, Part B on every listing, Part C where it applies). A real
 * `<form method="post">` checked in the browser by the same schema the action parses with (Conform,
 * docs/decisions/012); fully usable without JavaScript. An imported listing shows the same fields, read-only.
 */
import type { ReactNode } from 'react';
import {
  CheckboxField,
  ErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
  fieldId,
} from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import {
  LISTING_CHANNELS,
  LISTING_TYPES,
  channelLabels,
  listingFormSchema,
  typeLabels,
  type ListingFormValues,
} from './listing-editor-model.ts';

type Option = { value: string; label: string };

const options = (entries: [string, string][], blank?: string): Option[] => [
  ...(blank !== undefined ? [{ value: '', label: blank }] : []),
  ...entries.map(([value, label]) => ({ value, label })),
];

const NATIONS = options([
  ['england', 'England'],
  ['scotland', 'Scotland'],
  ['wales', 'Wales'],
  ['northern-ireland', 'Northern Ireland'],
]);
const COUNCIL_TAX = options(
  [
    ['band', 'A council tax band'],
    ['not-yet-banded', 'Not yet banded (new build)'],
    ['domestic-rates', 'Domestic rates (Northern Ireland)'],
    ['exempt', 'Exempt'],
  ],
  'Not yet known',
);
const BANDS = options(
  ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((band) => [band, `Band ${band}`]),
  'No band',
);
const TENURES = options(
  [
    ['freehold', 'Freehold'],
    ['leasehold', 'Leasehold'],
    ['share-of-freehold', 'Share of freehold'],
    ['commonhold', 'Commonhold'],
    ['shared-ownership', 'Shared ownership'],
    ['unknown', 'Unknown'],
  ],
  'Not yet known',
);
const RENT_FREQUENCIES = options(
  [
    ['pcm', 'Per calendar month'],
    ['pw', 'Per week'],
    ['pa', 'Per year'],
  ],
  'Not a letting',
);
const FURNISHINGS = options(
  [
    ['furnished', 'Furnished'],
    ['part-furnished', 'Part furnished'],
    ['unfurnished', 'Unfurnished'],
    ['furnished-or-unfurnished', 'Furnished or unfurnished'],
  ],
  'Not yet known',
);
const LET_TYPES = options(
  [
    ['long', 'Long let'],
    ['short', 'Short let'],
    ['student', 'Student let'],
  ],
  'Not a letting',
);
const ELECTRICITY: [string, string][] = [
  ['mains', 'Mains'],
  ['solar', 'Solar panels'],
  ['wind', 'Wind turbine'],
  ['generator', 'Generator'],
  ['other', 'Other'],
];
const WATER = options(
  [
    ['mains', 'Mains'],
    ['private-well', 'Private (well)'],
    ['private-spring', 'Private (spring)'],
    ['other', 'Other'],
  ],
  'Not yet known',
);
const SEWERAGE = options(
  [
    ['mains', 'Mains'],
    ['septic-tank', 'Septic tank'],
    ['treatment-plant', 'Sewage treatment plant'],
    ['cesspit', 'Cesspit'],
    ['other', 'Other'],
  ],
  'Not yet known',
);
const HEATING: [string, string][] = [
  ['gas-central', 'Gas central heating'],
  ['electric', 'Electric heating'],
  ['electric-storage', 'Electric storage heaters'],
  ['oil', 'Oil-fired central heating'],
  ['lpg', 'LPG central heating'],
  ['air-source-heat-pump', 'Air source heat pump'],
  ['ground-source-heat-pump', 'Ground source heat pump'],
  ['biomass', 'Biomass boiler'],
  ['solid-fuel', 'Solid fuel'],
  ['communal', 'Communal heating'],
  ['none', 'None'],
];
const BROADBAND = options(
  [
    ['fttp', 'Full fibre (FTTP)'],
    ['fttc', 'Fibre to the cabinet (FTTC)'],
    ['cable', 'Cable'],
    ['adsl', 'Standard (ADSL)'],
    ['fixed-wireless', 'Fixed wireless'],
    ['none', 'None available'],
  ],
  'Not yet known',
);
const COVERAGE = options(
  [
    ['good', 'Good'],
    ['variable', 'Variable'],
    ['limited', 'Limited'],
    ['none', 'None'],
  ],
  'Not yet known',
);
const PARKING: [string, string][] = [
  ['garage', 'Garage'],
  ['double-garage', 'Double garage'],
  ['driveway', 'Driveway'],
  ['allocated', 'Allocated space'],
  ['off-street', 'Off-street'],
  ['on-street', 'On-street'],
  ['permit', 'Residents’ permit'],
  ['gated', 'Gated parking'],
  ['none', 'None'],
];
const OUTSIDE: [string, string][] = [
  ['private-garden', 'Private garden'],
  ['communal-garden', 'Communal garden'],
  ['balcony', 'Balcony'],
  ['terrace', 'Terrace'],
  ['roof-terrace', 'Roof terrace'],
  ['patio', 'Patio'],
  ['courtyard', 'Courtyard'],
  ['land', 'Land'],
  ['none', 'None'],
];
const EPC = options(
  ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((rating) => [rating, rating]),
  'Not yet known',
);
const FLOOD_ZONES = options(
  [
    ['1', 'Zone 1'],
    ['2', 'Zone 2'],
    ['3', 'Zone 3'],
  ],
  'Not known',
);

export const EMPTY_LISTING_VALUES: ListingFormValues = { channel: 'sales', nation: 'england', property_type: 'house' };

function Group({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="listing-group">
      <legend>{title}</legend>
      {intro ? <p className="listing-group__intro">{intro}</p> : null}
      <div className="listing-form__grid">{children}</div>
    </fieldset>
  );
}

export function ListingForm({
  id,
  initial,
  submitted,
  branches,
  contacts,
  submitLabel,
  isReadOnly = false,
  version,
}: {
  id: string;
  initial: ListingFormValues;
  /** What a post without JavaScript sent, when the page comes back with its errors. */
  submitted: Record<string, unknown> | null;
  branches: readonly { id: number; name: string }[];
  /** The agency's people who can be named as the listing's contact, with their branch. */
  contacts: readonly { id: number; name: string; branchId: number }[];
  submitLabel: string;
  isReadOnly?: boolean;
  version?: number;
}) {
  const form = useSchemaForm({ id, schema: listingFormSchema });
  const source: Record<string, unknown> = submitted ?? initial;
  const value = (name: string): string => {
    const found = source[name];
    return typeof found === 'string' ? found : '';
  };
  const list = (name: string): string[] => {
    const found = source[name];
    return Array.isArray(found) ? found.map(String) : typeof found === 'string' && found ? [found] : [];
  };
  const text = (name: string, label: string, extra: { hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <TextField
      name={name}
      label={label}
      defaultValue={value(name)}
      error={form.errorFor(name)}
      autoComplete="off"
      {...extra}
    />
  );
  const number = (name: string, label: string, hint?: string) =>
    text(name, label, { inputMode: 'numeric', ...(hint ? { hint } : {}) });
  const select = (name: string, label: string, choices: Option[]) => (
    <SelectField name={name} label={label} options={choices} defaultValue={value(name)} error={form.errorFor(name)} />
  );
  const checkbox = (name: string, label: string) => (
    <CheckboxField name={name} label={label} defaultChecked={value(name) === 'on'} error={form.errorFor(name)} />
  );
  const ticks = (name: string, label: string, choices: [string, string][]) => {
    const chosen = list(name);
    const error = form.errorFor(name);
    return (
      <fieldset className="listing-choices" id={fieldId(name)}>
        <legend>{label}</legend>
        {error ? (
          <p className="form-field__error">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
        {choices.map(([choice, words]) => (
          <label key={choice}>
            <input type="checkbox" name={`${name}[]`} value={choice} defaultChecked={chosen.includes(choice)} />
            {words}
          </label>
        ))}
      </fieldset>
    );
  };
  const area = (name: string, label: string, rows = 3, hint?: string) => (
    <TextAreaField
      name={name}
      label={label}
      rows={rows}
      defaultValue={value(name)}
      error={form.errorFor(name)}
      {...(hint ? { hint } : {})}
    />
  );

  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" className="listing-form" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        {/* After a refused save the page keeps the version it was loaded at: saving again must not overwrite. */}
        {version !== undefined ? (
          <input
            type="hidden"
            name="version"
            value={typeof submitted?.version === 'string' ? submitted.version : String(version)}
          />
        ) : null}
        <fieldset disabled={isReadOnly} className="listing-form__fields">
          <legend className="visually-hidden">The listing</legend>
          <Group title="The listing">
            {text('reference', 'Reference')}
            {select(
              'channel',
              'Channel',
              LISTING_CHANNELS.map((channel) => ({ value: channel, label: channelLabels[channel] })),
            )}
            {select(
              'branch_id',
              'Branch',
              options(
                branches.map((branch) => [String(branch.id), branch.name]),
                'Choose a branch',
              ),
            )}
            {select(
              'property_type',
              'Property type',
              LISTING_TYPES.map((type) => ({ value: type, label: typeLabels[type] })),
            )}
            {text('property_style', 'Style', { hint: 'For example Semi-detached house' })}
            {text('summary', 'Summary')}
            {select(
              'staff_member_id',
              'Contact',
              options(
                contacts.map((contact) => {
                  const branch = branches.find((choice) => choice.id === contact.branchId);
                  return [String(contact.id), branch ? `${contact.name} (${branch.name})` : contact.name];
                }),
                'The branch',
              ),
            )}
            {text('tags', 'Tags', { hint: 'Separated by commas, for example garden, parking' })}
            {text('disposal', 'Method of sale', { hint: 'For example Private treaty' })}
            {number('exchanged_price', 'Sold or let for (£)')}
          </Group>
          <Group title="Address" intro="The address shown on the site, and where the map pin goes.">
            {text('display_address', 'Address shown on the site')}
            {text('address_line_1', 'First line of the address')}
            {text('town', 'Town')}
            {text('postcode', 'Postcode')}
            {select('nation', 'Nation', NATIONS)}
          </Group>
          <Group
            title="Part A: price, council tax and tenure"
            intro="Required on every listing by law. Where an item is not known yet, say why."
          >
            {number('price_value', 'Price or rent (£)', 'Rent per calendar month for a letting')}
            {text('price_qualifier', 'Price qualifier', { hint: 'For example Guide price, Offers over' })}
            {select('council_tax', 'Council tax', COUNCIL_TAX)}
            {select('council_tax_band', 'Council tax band', BANDS)}
            {number('domestic_rates', 'Domestic rates a year (£)')}
            {text('council_tax_exempt_reason', 'Why it is exempt from council tax')}
            {text('council_tax_unknown_reason', 'Why the council tax is not yet known')}
            {select('tenure', 'Tenure', TENURES)}
            {text('tenure_unknown_reason', 'Why the tenure is not yet known')}
            {number('lease_years', 'Years left on the lease')}
            {number('ground_rent', 'Ground rent a year (£)')}
            {text('ground_rent_review', 'How the ground rent is reviewed')}
            {number('service_charge', 'Service charge a year (£)')}
            {text('service_charge_review', 'How the service charge is reviewed')}
            {number('share_percent', 'Share for sale (%)', 'Shared ownership only')}
            {number('share_rent', 'Rent on the remaining share a month (£)')}
            {text('resale_conditions', 'Resale conditions')}
            {number('deposit', 'Deposit (£)', 'Lettings: at most 5 weeks’ rent (6 above £50,000 a year)')}
            {number('holding_deposit', 'Holding deposit (£)', 'Lettings: at most 1 week’s rent')}
          </Group>
          <Group title="Tenancy" intro="Lettings only.">
            {select('rent_frequency', 'Rent is paid', RENT_FREQUENCIES)}
            {text('available_from', 'Available from', { hint: 'As YYYY-MM-DD' })}
            {select('furnishing', 'Furnishing', FURNISHINGS)}
            {number('minimum_term', 'Minimum term (months)')}
            {select('let_type', 'Kind of let', LET_TYPES)}
            {checkbox('bills_included', 'Bills included')}
            {checkbox('pets_considered', 'Pets considered')}
            {checkbox('students_considered', 'Students considered')}
            {checkbox('housing_benefit_considered', 'Housing benefit considered')}
            {area('lettings_fee_text', 'Fees to tenants', 3)}
            {checkbox('short_let', 'Short let')}
            {checkbox('pets_allowed', 'Pets allowed')}
          </Group>
          <Group title="Part B: the property and its services" intro="Required on every listing by law.">
            {number('bedrooms', 'Bedrooms')}
            {number('bathrooms', 'Bathrooms')}
            {number('reception_rooms', 'Reception rooms')}
            {number('square_feet', 'Floor area (sq ft)')}
            {text('acreage', 'Land (acres)', { inputMode: 'decimal' })}
            {text('construction', 'Construction', { hint: 'Only if not standard brick or block' })}
            {select('water', 'Water', WATER)}
            {select('sewerage', 'Sewerage', SEWERAGE)}
            {select('broadband', 'Broadband', BROADBAND)}
            {number('broadband_download', 'Download speed (Mbps)')}
            {number('broadband_upload', 'Upload speed (Mbps)')}
            {select('mobile_indoor', 'Mobile coverage indoors', COVERAGE)}
            {select('mobile_outdoor', 'Mobile coverage outdoors', COVERAGE)}
            {select('epc_rating', 'EPC rating', EPC)}
            {text('auction_date', 'Auction date', { hint: 'As YYYY-MM-DD, if sold at auction' })}
            {checkbox('is_retirement', 'Retirement property')}
          </Group>
          <div className="listing-form__grid">
            {ticks('electricity', 'Electricity', ELECTRICITY)}
            {ticks('heating', 'Heating', HEATING)}
            {ticks('parking', 'Parking', PARKING)}
            {ticks('outside_space', 'Outside space', OUTSIDE)}
          </div>
          <Group title="Part C: other matters" intro="Only where they apply to this property.">
            {area('building_safety', 'Building safety')}
            {area('restrictions', 'Restrictions')}
            {area('rights_and_easements', 'Rights and easements')}
            {checkbox('flooded_recently', 'Flooded in the last five years')}
            {text('flood_sources', 'Flood risk sources', { hint: 'Separated by commas' })}
            {text('flood_defences', 'Flood defences')}
            {select('flood_zone', 'Flood zone', FLOOD_ZONES)}
            {area('coastal_erosion', 'Coastal erosion')}
            {area('planning', 'Planning')}
            {text('accessibility', 'Accessibility and adaptations', { hint: 'Separated by commas' })}
            {area('mining_area', 'Coalfield or mining area')}
          </Group>
          <Group title="Description">
            {area('description', 'Description', 10)}
            {area('features', 'Key features', 6, 'One a line')}
          </Group>
        </fieldset>
        {isReadOnly ? null : (
          <button type="submit" className="admin-button" disabled={form.isPending}>
            {submitLabel}
          </button>
        )}
      </form>
    </>
  );
}
