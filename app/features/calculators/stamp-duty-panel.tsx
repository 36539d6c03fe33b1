/** The 'Stamp duty' tab: price, country and buyer, the tax and how it is worked out band by band. */
import { NumberField } from './calculator-number-field.tsx';
import { formatCurrency } from './currency.ts';
import { MORTGAGE_INPUT_MAX_LENGTH } from './mortgage.ts';
import { calculateStampDuty, type BuyerOptions, type Country, type StampDutyResult } from './stamp-duty.ts';

const COUNTRY_OPTIONS: readonly { value: Country; label: string; tax: string }[] = [
  { value: 'england', label: 'England & Northern Ireland', tax: 'Stamp Duty Land Tax' },
  { value: 'scotland', label: 'Scotland', tax: 'Land and Buildings Transaction Tax' },
  { value: 'wales', label: 'Wales', tax: 'Land Transaction Tax' },
];

function isCountry(value: string): value is Country {
  return COUNTRY_OPTIONS.some((option) => option.value === value);
}

/** Whole pounds without pence, for band edges: £125,000. */
function formatWholePounds(amount: number): string {
  return formatCurrency(amount).replace(/\.\d\d$/, '');
}

/** 'Up to £125,000', '£125,001 to £250,000', 'Over £1,500,000'. */
export function bandLabel(from: number, to: number | null): string {
  if (to === null) return `Over ${formatWholePounds(from)}`;
  if (from === 0) return `Up to ${formatWholePounds(to)}`;
  return `${formatWholePounds(from + 1)} to ${formatWholePounds(to)}`;
}

export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

/** Stamp duty from whatever is in the price box: digits only, nothing to work out without a price. */
export function stampDutyFor(
  rawPrice: string,
  country: Country,
  options: BuyerOptions,
  effectiveDate?: string,
): StampDutyResult | null {
  const price = Number(String(rawPrice).replace(/\D/g, '').slice(0, MORTGAGE_INPUT_MAX_LENGTH) || '0');
  if (!(price > 0)) return null;
  return calculateStampDuty({ price, country, ...options, effectiveDate });
}

export function StampDutyPanel({
  id,
  isHidden,
  price,
  onPriceChange,
  country,
  onCountryChange,
  buyer,
  onBuyerToggle,
}: {
  /** The calculators' ids, unique on the page. */
  id: (name: string) => string;
  isHidden: boolean;
  /** The price box, shared with the mortgage tab. */
  price: string;
  onPriceChange: (raw: string) => void;
  country: Country;
  onCountryChange: (country: Country) => void;
  buyer: BuyerOptions;
  onBuyerToggle: (key: keyof BuyerOptions) => void;
}) {
  const stampDuty = stampDutyFor(price, country, buyer);
  const taxName = COUNTRY_OPTIONS.find((option) => option.value === country)?.tax ?? 'Stamp duty';
  return (
    <div
      role="tabpanel"
      id={id('panel-stamp-duty')}
      aria-labelledby={id('tab-stamp-duty')}
      hidden={isHidden}
      className="calculators__panel"
    >
      <form className="calc-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <NumberField
          id={id('sd-price')}
          label="Property price"
          value={price}
          onChange={onPriceChange}
          prefix="£"
          inputMode="numeric"
        />
        <div className="calc-field">
          <label htmlFor={id('country')}>Country</label>
          <select
            id={id('country')}
            value={country}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isCountry(value)) onCountryChange(value);
            }}
          >
            {COUNTRY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="calc-options">
          <legend className="visually-hidden">About the buyer</legend>
          {(
            [
              ['firstTimeBuyer', 'First time buyer'],
              ['additionalProperty', 'Additional property'],
              ['nonUkResident', 'Non-UK resident'],
            ] as const
          ).map(([key, label]) => (
            <div key={key} className="calc-check">
              <input type="checkbox" id={id(key)} checked={buyer[key]} onChange={() => onBuyerToggle(key)} />
              <label htmlFor={id(key)}>{label}</label>
            </div>
          ))}
          {country !== 'england' && buyer.nonUkResident ? (
            <p className="calc-field__hint">
              The non-UK resident surcharge applies in England and Northern Ireland only.
            </p>
          ) : null}
        </fieldset>
      </form>
      <div className="calc-result" role="status" aria-live="polite" aria-atomic="true">
        <p className="calc-result__row">
          <span>{taxName}</span>
          <strong>{formatCurrency(stampDuty?.total ?? 0)}</strong>
        </p>
        <p className="calc-result__row calc-result__row--minor">
          <span>Effective rate</span>
          <span>{formatRate(stampDuty?.effectiveRate ?? 0)}</span>
        </p>
      </div>
      {stampDuty ? (
        <table className="calc-bands">
          <caption>How it is worked out</caption>
          <thead>
            <tr>
              <th scope="col">Portion of the price</th>
              <th scope="col">Rate</th>
              <th scope="col">Tax</th>
            </tr>
          </thead>
          <tbody>
            {stampDuty.bands.map((band) => (
              <tr key={`${band.from}-${band.to ?? 'top'}`}>
                <th scope="row">{bandLabel(band.from, band.to)}</th>
                <td>{formatRate(band.rate)}</td>
                <td>{formatCurrency(band.tax)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total (rounded down to the pound)</th>
              <td />
              <td>{formatCurrency(stampDuty.total)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="calc-note">Enter the property price to see the tax band by band.</p>
      )}
      <p className="calc-note">Rates in force today. A guide only: your solicitor will confirm the tax due.</p>
    </div>
  );
}
