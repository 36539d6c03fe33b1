/**
 * The Instant Valuation screen (loaded lazily inside the /valuation modal): address or postcode, property type and
 * bedrooms; then the estimated sale price and monthly rent, each with its range and the comparables used, and an
 * offer to book a full valuation. A GET form, so it works before JavaScript and the result has its own URL.
 */
import { type FormEvent } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { ErrorSummary, SelectField, TextField } from '../../components/form-fields.tsx';
import { formatCurrency } from '../calculators/index.ts';
import { MAX_BEDROOMS, type Estimate, type InstantValuation, type ValuationQuery } from './estimate.ts';
import './instant-valuation.css';

export type InstantValuationViewProps = {
  values: Record<keyof ValuationQuery, string>;
  errors: Partial<Record<keyof ValuationQuery, string>>;
  valuation: InstantValuation | null;
};

const NOT_FOUND_MESSAGE = "Sorry we couldn't find that address";

const TYPE_OPTIONS = [
  { value: '', label: 'Choose a type' },
  { value: 'house', label: 'House' },
  { value: 'flat', label: 'Flat or apartment' },
  { value: 'bungalow', label: 'Bungalow' },
];

const BEDROOM_OPTIONS = [
  { value: '', label: 'Choose bedrooms' },
  { value: '0', label: 'Studio' },
  ...Array.from({ length: MAX_BEDROOMS }, (_, index) => ({
    value: String(index + 1),
    label: `${index + 1} bedroom${index === 0 ? '' : 's'}`,
  })),
];

const STATUS_TEXT: Record<string, string> = {
  sold: 'Sold',
  sstc: 'Sold STC',
  'under-offer': 'Under offer',
  available: 'Asking price',
  let: 'Let',
  'let-agreed': 'Let agreed',
};

const CONFIDENCE_TEXT: Record<Estimate['confidence'], string> = {
  high: 'Good match: many similar homes nearby.',
  medium: 'Fair match: some similar homes nearby.',
  low: 'Rough guide: few similar homes nearby.',
};

function pounds(amount: number): string {
  return formatCurrency(amount).replace(/\.00$/, '');
}

function miles(km: number): string {
  const value = km / 1.609344;
  return value < 0.1 ? 'under 0.1 miles' : `${value.toFixed(1)} miles`;
}

function monthYear(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export default function InstantValuationView({ values, errors, valuation }: InstantValuationViewProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isLoading = navigation.state !== 'idle' && navigation.location?.pathname === '/valuation';
  const summary = (['q', 'type', 'beds'] as const)
    .filter((field) => errors[field])
    .map((field) => ({ field, message: errors[field]! }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A client navigation without a form method, so the home page behind the modal is not reloaded.
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) params.set(name, String(value));
    void navigate(`/valuation?${params.toString()}`, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="instant-valuation">
      <p className="instant-valuation__intro">
        Get an instant estimate of what your home could sell or let for, worked out from homes sold, agreed and on the
        market near you.
      </p>
      <ErrorSummary errors={summary} fieldIds={{ q: 'field-q', type: 'field-type', beds: 'field-beds' }} />
      <Form method="get" action="/valuation" className="instant-valuation__form" noValidate onSubmit={onSubmit}>
        <TextField
          name="q"
          label="Address or postcode"
          defaultValue={values.q}
          error={errors.q}
          className="instant-valuation__q"
          maxLength={200}
          spellCheck={false}
        />
        <SelectField
          name="type"
          label="Property type"
          defaultValue={values.type}
          error={errors.type}
          options={TYPE_OPTIONS}
        />
        <SelectField
          name="beds"
          label="Bedrooms"
          defaultValue={values.beds}
          error={errors.beds}
          options={BEDROOM_OPTIONS}
        />
        <button type="submit" className="button button--primary instant-valuation__submit" disabled={isLoading}>
          {isLoading ? 'Working it out…' : 'Get my estimate'}
        </button>
      </Form>

      <div aria-live="polite" aria-busy={isLoading || undefined}>
        {valuation?.status === 'not-found' ? (
          <p className="instant-valuation__message" role="alert">
            {NOT_FOUND_MESSAGE}. Please check the postcode or try the street and town.
          </p>
        ) : null}
        {valuation?.status === 'ok' ? (
          <section className="instant-valuation__results" aria-labelledby="instant-valuation-results">
            <h3 id="instant-valuation-results">{`Your estimate for ${valuation.location.label}`}</h3>
            <div className="instant-valuation__cards">
              <EstimateCard title="Estimated sale price" estimate={valuation.sales} suffix="" />
              <EstimateCard title="Estimated monthly rent" estimate={valuation.lettings} suffix=" pcm" />
            </div>
            <ComparablesTable title="Homes used for the sale price" estimate={valuation.sales} suffix="" />
            <ComparablesTable title="Homes used for the rent" estimate={valuation.lettings} suffix=" pcm" />
            <p className="instant-valuation__note">
              {`An instant estimate is a guide only, from homes within ${valuation.radiusKm < 8 ? miles(valuation.radiusKm) : `${Math.round(valuation.radiusKm / 1.609344)} miles`}. It cannot see your home's condition, improvements, garden or views.`}
            </p>
          </section>
        ) : null}
      </div>

      <div className="instant-valuation__offer">
        <h3>Want an accurate valuation?</h3>
        <p>One of our local agents will visit and give you a free, no-obligation valuation.</p>
        {/* The valuation flow marks the request as this estimate's follow-up for the agency's leads inbox. */}
        <Link to="/book-a-valuation?from=instant-valuation" className="button button--primary">
          Book a full valuation
        </Link>
      </div>
    </div>
  );
}

function EstimateCard({ title, estimate, suffix }: { title: string; estimate: Estimate | null; suffix: string }) {
  return (
    <div className="instant-valuation__card">
      <h4>{title}</h4>
      {estimate ? (
        <>
          <p className="instant-valuation__figure">
            {pounds(estimate.value)}
            {suffix}
          </p>
          <p className="instant-valuation__range">{`Likely range ${pounds(estimate.low)} to ${pounds(estimate.high)}${suffix}`}</p>
          <p className="instant-valuation__confidence">{CONFIDENCE_TEXT[estimate.confidence]}</p>
        </>
      ) : (
        <p className="instant-valuation__range">There are not enough similar homes nearby to give an estimate.</p>
      )}
    </div>
  );
}

function ComparablesTable({ title, estimate, suffix }: { title: string; estimate: Estimate | null; suffix: string }) {
  if (!estimate) return null;
  return (
    <details className="instant-valuation__comparables">
      <summary>{`${title} (${estimate.comparables.length} of ${estimate.comparableCount})`}</summary>
      <div className="instant-valuation__table-wrap">
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Home</th>
              <th scope="col">Price</th>
              <th scope="col">Distance</th>
              <th scope="col">Date</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {estimate.comparables.map((comparable) => (
              <tr key={comparable.id}>
                <td>
                  <a href={comparable.url}>{comparable.displayAddress}</a>
                  <span className="instant-valuation__detail">
                    {`${comparable.bedrooms === 0 ? 'Studio' : `${comparable.bedrooms} bed`} ${comparable.propertyType}, ${STATUS_TEXT[comparable.status] ?? comparable.status}`}
                  </span>
                </td>
                <td>
                  {pounds(comparable.price)}
                  {suffix}
                </td>
                <td>{miles(comparable.distanceKm)}</td>
                <td>{monthYear(comparable.date)}</td>
                <td>{`${Math.round(comparable.weight * 100)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
