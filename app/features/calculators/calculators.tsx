/**
 * The calculators of the /calculator modal (spec points 4, 5 and 9): tabs 'Mortgage' (default) and 'Stamp duty'.
 * Every figure comes from the tested pure modules beside this file; results are announced politely as they change.
 * This module holds the state and the tabs; each tab's panel is its own file.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createMortgageInput, sanitiseMortgageInput, type MortgageField, type MortgageInput } from './mortgage.ts';
import { MortgagePanel } from './mortgage-panel.tsx';
import { toggleBuyerOptions, type BuyerOptions, type Country } from './stamp-duty.ts';
import { StampDutyPanel } from './stamp-duty-panel.tsx';
import './calculators.css';

export { bandLabel, formatRate, stampDutyFor } from './stamp-duty-panel.tsx';

const CALCULATOR_TABS = [
  { id: 'mortgage', label: 'Mortgage' },
  { id: 'stamp-duty', label: 'Stamp duty' },
] as const;
export type CalculatorTab = (typeof CALCULATOR_TABS)[number]['id'];

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

      <MortgagePanel id={id} isHidden={tab !== 'mortgage'} mortgage={mortgage} update={update} />

      <StampDutyPanel
        id={id}
        isHidden={tab !== 'stamp-duty'}
        price={mortgage.price}
        onPriceChange={update('price')}
        country={country}
        onCountryChange={setCountry}
        buyer={buyer}
        onBuyerToggle={(key) => setBuyer((current) => toggleBuyerOptions(current, key))}
      />

      <p className="calc-guide">
        <a href={mortgageGuideUrl}>Mortgage guide</a>
      </p>
    </div>
  );
}
