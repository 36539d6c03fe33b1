/** The 'Mortgage' tab: price, deposit, rate and term, and the monthly repayments. */
import { NumberField } from './calculator-number-field.tsx';
import { formatCurrency } from './currency.ts';
import { calculateMortgage, type MortgageField, type MortgageInput } from './mortgage.ts';

export function MortgagePanel({
  id,
  isHidden,
  mortgage,
  update,
}: {
  /** The calculators' ids, unique on the page. */
  id: (name: string) => string;
  isHidden: boolean;
  mortgage: MortgageInput;
  update: (field: MortgageField) => (raw: string) => void;
}) {
  const mortgageResult = calculateMortgage(mortgage);
  return (
    <div
      role="tabpanel"
      id={id('panel-mortgage')}
      aria-labelledby={id('tab-mortgage')}
      hidden={isHidden}
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
  );
}
