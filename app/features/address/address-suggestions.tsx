/** The suggestion list of <AddressLookup>: an ARIA listbox whose options take clicks (the keyboard stays on the input). */
import { useEffect, useRef } from 'react';
import type { AddressSuggestion } from './address-lookup.ts';
import type { LookupStatus } from './use-address-lookup.ts';

export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

export function AddressSuggestions({
  id,
  suggestions,
  activeIndex,
  status,
  isShown,
  onChoose,
}: {
  id: string;
  suggestions: AddressSuggestion[];
  activeIndex: number;
  status: LookupStatus;
  isShown: boolean;
  onChoose: (suggestion: AddressSuggestion) => void;
}) {
  const listboxRef = useRef<HTMLUListElement>(null);
  // Inside a scrolling modal the list (in the flow) may start below the fold: bring the search and list into view.
  useEffect(() => {
    if (status === 'suggestions' || status === 'empty')
      listboxRef.current?.parentElement?.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }, [status]);
  return (
    <ul
      ref={listboxRef}
      id={id}
      role="listbox"
      aria-label="Addresses found"
      className="address-lookup__listbox"
      hidden={!isShown || status !== 'suggestions'}
    >
      {suggestions.map((suggestion, index) => (
        // Keyboard choice happens on the combobox input (aria-activedescendant); the option takes clicks.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={suggestion.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={`address-lookup__option${index === activeIndex ? ' is-active' : ''}`}
          // mousedown keeps focus in the input, so the list does not close before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(suggestion)}
        >
          {suggestion.address}
        </li>
      ))}
    </ul>
  );
}
