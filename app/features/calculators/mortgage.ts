/**
 * Mortgage calculator (spec points 5 and 9). Inputs stay the raw strings the visitor typed, so the form can show
 * exactly what was entered; everything is computed from them and never throws.
 */
export const MORTGAGE_INPUT_MAX_LENGTH = 11;
const DEFAULT_DEPOSIT_SHARE = 0.2;
const DEFAULT_TERM_YEARS = 25;
const INTEREST_RATE_RANGE = { min: 0.01, max: 10 } as const;
const TERM_YEARS_RANGE = { min: 5, max: 35 } as const;
export const INTEREST_RATE_MESSAGE = 'Enter a value between 0.01 and 10';
export const TERM_YEARS_MESSAGE = 'Enter a value between 5 and 35';

export type MortgageField = 'price' | 'deposit' | 'interestRate' | 'termYears';
export type MortgageInput = Record<MortgageField, string>;

/** Only the two fields the spec gives messages for; a zero or empty price or deposit just makes the result 0. */
type MortgageErrors = { interestRate?: typeof INTEREST_RATE_MESSAGE; termYears?: typeof TERM_YEARS_MESSAGE };

export type MortgageResult = {
  errors: MortgageErrors;
  /** Whole pounds per month. */
  repaymentMonthly: number;
  /** Whole pounds per month. */
  interestOnlyMonthly: number;
};

const AMOUNT_FIELDS: ReadonlySet<MortgageField> = new Set(['price', 'deposit']);

/** What the input keeps of a keystroke: amounts keep only digits; every field keeps at most 11 characters. */
export function sanitiseMortgageInput(field: MortgageField, raw: string): string {
  const text = AMOUNT_FIELDS.has(field) ? String(raw).replace(/\D/g, '') : String(raw);
  return text.slice(0, MORTGAGE_INPUT_MAX_LENGTH);
}

/** The form's starting values: 20% deposit, 25 years, and the theme's default interest rate. */
export function createMortgageInput(price: number, defaultInterestRate: number): MortgageInput {
  const wholePrice = Number.isFinite(price) && price > 0 ? Math.round(price) : 0;
  return {
    price: sanitiseMortgageInput('price', String(wholePrice)),
    deposit: sanitiseMortgageInput('deposit', String(Math.round(wholePrice * DEFAULT_DEPOSIT_SHARE))),
    interestRate: Number.isFinite(defaultInterestRate)
      ? sanitiseMortgageInput('interestRate', String(defaultInterestRate))
      : '',
    termYears: String(DEFAULT_TERM_YEARS),
  };
}

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

function readDecimal(raw: string, range: { min: number; max: number }): number | null {
  const text = raw.trim();
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return value >= range.min && value <= range.max ? value : null;
}

/**
 * Interest-only is charged on the loan (price − deposit), not the price: the spec's 'price × rate / 12' names
 * the amount borrowed (reference §7), and interest on money not borrowed would overstate the payment.
 */
export function calculateMortgage(input: MortgageInput): MortgageResult {
  const price = Number(sanitiseMortgageInput('price', input.price) || Number.NaN);
  const deposit = Number(sanitiseMortgageInput('deposit', input.deposit) || Number.NaN);
  const rate = readDecimal(sanitiseMortgageInput('interestRate', input.interestRate), INTEREST_RATE_RANGE);
  const years = readDecimal(sanitiseMortgageInput('termYears', input.termYears), TERM_YEARS_RANGE);
  const errors: MortgageErrors = {};
  if (rate === null) errors.interestRate = INTEREST_RATE_MESSAGE;
  if (years === null) errors.termYears = TERM_YEARS_MESSAGE;
  if (rate === null || years === null || !(price > 0) || Number.isNaN(deposit)) {
    return { errors, repaymentMonthly: 0, interestOnlyMonthly: 0 };
  }
  const loan = Math.max(0, price - deposit);
  return {
    errors,
    repaymentMonthly: Math.round(repaymentPayment(loan, rate, years)),
    interestOnlyMonthly: Math.round(interestOnlyPayment(loan, rate)),
  };
}

/** Standard amortisation: M = P·r / (1 − (1 + r)^−n), r = annual % / 100 / 12, n = 12 × years. */
export function repaymentPayment(loan: number, annualRatePercent: number, years: number): number {
  const monthlyRate = annualRatePercent / 100 / 12;
  const months = Math.round(12 * years);
  if (months <= 0) return 0;
  if (monthlyRate === 0) return loan / months;
  return (loan * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
}

export function interestOnlyPayment(loan: number, annualRatePercent: number): number {
  return (loan * annualRatePercent) / 100 / 12;
}
