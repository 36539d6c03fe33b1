/**
 * The calculators of the /calculator modal (spec points 4, 5 and 9): tabs 'Mortgage' (default) and 'Stamp duty'.
 * Every figure comes from the tested pure modules beside this file; results are announced politely as they change.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatCurrency } from './currency.ts';
import {
  MORTGAGE_INPUT_MAX_LENGTH,
  calculateMortgage,
  createMortgageInput,
  sanitiseMortgageInput,
  type MortgageField,
  type MortgageInput,
} from './mortgage.ts';
import {
  calculateStampDuty,
  toggleBuyerOptions,
  type BuyerOptions,
  type Country,
  type StampDutyResult,
} from './stamp-duty.ts';
import './calculators.css';

const CALCULATOR_TABS = [
  { id: 'mortgage', label: 'Mortgage' },
  { id: 'stamp-duty', label: 'Stamp duty' },
] as const;
export type CalculatorTab = (typeof CALCULATOR_TABS)[number]['id'];

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

type FieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  prefix?: string;
  suffix?: string;
  hint?: string;
  inputMode: 'numeric' | 'decimal';
};

function NumberField({ id, label, value, onChange, error, prefix, suffix, hint, inputMode }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`calc-field${error ? ' calc-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="calc-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="calc-field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="calc-field__control">
        {prefix ? (
          <span className="calc-field__affix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          maxLength={MORTGAGE_INPUT_MAX_LENGTH}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {suffix ? (
          <span className="calc-field__affix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
    </div>
  );
}

export type CalculatorsProps = {
  price: number;
  country: Country;
  interestRateDefault: number;
  mortgageGuideUrl: string;
  initialTab?: CalculatorTab;
};

export function Calculators({
  price,
  country: initialCountry,
  interestRateDefault,
  mortgageGuideUrl,
  initialTab = 'mortgage',
}: CalculatorsProps) {
  const baseId = useId();
  const [tab, setTab] = useState<CalculatorTab>(initialTab);
  const [mortgage, setMortgage] = useState<MortgageInput>(() => createMortgageInput(price, interestRateDefault));
  const [isDepositEdited, setIsDepositEdited] = useState(false);
  const [country, setCountry] = useState<Country>(initialCountry);
  const [buyer, setBuyer] = useState<BuyerOptions>({
    firstTimeBuyer: false,
    additionalProperty: false,
    nonUkResident: false,
  });
  const tabRefs = useRef<Record<CalculatorTab, HTMLButtonElement | null>>({ mortgage: null, 'stamp-duty': null });

  const mortgageResult = calculateMortgage(mortgage);
  const stampDuty = stampDutyFor(mortgage.price, country, buyer);
  const taxName = COUNTRY_OPTIONS.find((option) => option.value === country)?.tax ?? 'Stamp duty';

  const update = (field: MortgageField) => (raw: string) => {
    const value = sanitiseMortgageInput(field, raw);
    setMortgage((current) => {
      const next = { ...current, [field]: value };
      // Until the visitor sets their own deposit, it follows the price at the default 20%.
      if (field === 'price' && !isDepositEdited) next.deposit = createMortgageInput(Number(value || '0'), 0).deposit;
      return next;
    });
    if (field === 'deposit') setIsDepositEdited(true);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = CALCULATOR_TABS.findIndex((candidate) => candidate.id === tab);
    let nextIndex: number | null = null;
    if (event.key === 'ArrowRight') nextIndex = (index + 1) % CALCULATOR_TABS.length;
    else if (event.key === 'ArrowLeft') nextIndex = (index - 1 + CALCULATOR_TABS.length) % CALCULATOR_TABS.length;
    else if (event.key === 'Home') nextIndex = 0;
    else if (event.key === 'End') nextIndex = CALCULATOR_TABS.length - 1;
    const next = nextIndex === null ? undefined : CALCULATOR_TABS[nextIndex];
    if (!next) return;
    event.preventDefault();
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  };

  const id = (name: string) => `${baseId}-${name}`;
  return (
    <div className="calculators">
      <div role="tablist" aria-label="Calculators" className="calculators__tabs">
        {CALCULATOR_TABS.map((candidate) => (
          <button
            key={candidate.id}
            ref={(element) => {
              tabRefs.current[candidate.id] = element;
            }}
            type="button"
            role="tab"
            id={id(`tab-${candidate.id}`)}
            aria-selected={tab === candidate.id}
            aria-controls={id(`panel-${candidate.id}`)}
            tabIndex={tab === candidate.id ? 0 : -1}
            className="calculators__tab"
            onClick={() => setTab(candidate.id)}
            onKeyDown={onTabKeyDown}
          >
            {candidate.label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={id('panel-mortgage')}
        aria-labelledby={id('tab-mortgage')}
        hidden={tab !== 'mortgage'}
        className="calculators__panel"
      >
        <form className="calc-form" noValidate onSubmit={(event) => event.preventDefault()}>
          <NumberField
            id={id('price')}
            label="Property price"
            value={mortgage.price}
            onChange={update('price')}
            prefix="£"
            inputMode="numeric"
          />
          <NumberField
            id={id('deposit')}
            label="Deposit"
            value={mortgage.deposit}
            onChange={update('deposit')}
            prefix="£"
            inputMode="numeric"
          />
          <NumberField
            id={id('rate')}
            label="Interest rate"
            value={mortgage.interestRate}
            onChange={update('interestRate')}
            suffix="%"
            hint="Per year, between 0.01 and 10"
            error={mortgageResult.errors.interestRate}
            inputMode="decimal"
          />
          <NumberField
            id={id('years')}
            label="Repayment period"
            value={mortgage.termYears}
            onChange={update('termYears')}
            suffix="years"
            hint="Between 5 and 35 years"
            error={mortgageResult.errors.termYears}
            inputMode="decimal"
          />
        </form>
        <div className="calc-result" role="status" aria-live="polite" aria-atomic="true">
          <p className="calc-result__row">
            <span>Repayment mortgage</span>
            <strong>{`${formatCurrency(mortgageResult.repaymentMonthly)} per month`}</strong>
          </p>
          <p className="calc-result__row">
            <span>Interest only</span>
            <strong>{`${formatCurrency(mortgageResult.interestOnlyMonthly)} per month`}</strong>
          </p>
        </div>
        <p className="calc-note">
          A guide only, not a mortgage offer. Borrowing{' '}
          {formatCurrency(Math.max(0, Number(mortgage.price || '0') - Number(mortgage.deposit || '0')))} over the
          repayment period.
        </p>
      </div>

      <div
        role="tabpanel"
        id={id('panel-stamp-duty')}
        aria-labelledby={id('tab-stamp-duty')}
        hidden={tab !== 'stamp-duty'}
        className="calculators__panel"
      >
        <form className="calc-form" noValidate onSubmit={(event) => event.preventDefault()}>
          <NumberField
            id={id('sd-price')}
            label="Property price"
            value={mortgage.price}
            onChange={update('price')}
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
                if (isCountry(value)) setCountry(value);
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
                <input
                  type="checkbox"
                  id={id(key)}
                  checked={buyer[key]}
                  onChange={() => setBuyer((current) => toggleBuyerOptions(current, key))}
                />
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

      <p className="calc-guide">
        <a href={mortgageGuideUrl}>Mortgage guide</a>
      </p>
    </div>
  );
}
