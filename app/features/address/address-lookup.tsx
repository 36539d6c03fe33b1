/**
 * AddressLookup: find an address by typing (GET /address_lookup, debounced 500 ms) or type it in by hand
 * (spec points 3, 4, 5). Used by the valuation and new-homes forms.
 *
 *   <AddressLookup fieldNames={{ houseNumber: 'house_number', houseName: 'house_name', street: 'street',
 *     town: 'town', county: 'county', postcode: 'postcode' }} errors={{ address: '...' }} />
 *
 * - Lookup mode: an ARIA combobox with a listbox of suggestions (arrow keys, Enter, Escape); 'Loading...' while
 *   loading and "Sorry we couldn't find that address" when nothing matches. The chosen address is kept in hidden
 *   inputs named by `fieldNames`, so an ordinary form post carries it.
 * - Manual mode: six text inputs named by `fieldNames`.
 * - Switching mode clears the other mode's address (spec point 4). `onChange` gets the address, or null when none.
 * - Ids: the search box is `field-address` (`idPrefix` changes it), manual inputs `field-<name>`, so an
 *   <ErrorSummary> links straight to them.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ADDRESS_LOADING_MESSAGE,
  ADDRESS_LOOKUP_DEBOUNCE_MS,
  ADDRESS_LOOKUP_PATH,
  ADDRESS_NOT_FOUND_MESSAGE,
  EMPTY_ADDRESS_FIELDS,
  MIN_LOOKUP_CHARACTERS,
  addressFieldsFromDetail,
  formatAddressDetail,
  normaliseLookupText,
  type AddressDetail,
  type AddressFields,
  type AddressSuggestion,
} from './address-lookup.ts';
import { ManualAddressFields, type AddressFieldKey, type AddressFieldNames } from './address-manual-fields.tsx';
import './address-lookup.css';

export type { AddressFieldKey } from './address-manual-fields.tsx';
export type AddressLookupMode = 'lookup' | 'manual';

export type AddressLookupProps = {
  fieldNames: AddressFieldNames;
  errors?: Partial<Record<AddressFieldKey | 'address', string>>;
  defaultMode?: AddressLookupMode;
  /** The address a post without JavaScript sent, put back in the typed fields. */
  defaultValues?: AddressFields;
  onChange?: (address: AddressFields | null) => void;
  /** Told when the visitor switches between lookup and manual entry. */
  onModeChange?: (mode: AddressLookupMode) => void;
  /** Visible label of the search box. */
  label?: string;
  /** Id of the search box (default 'field-address'). */
  inputId?: string;
};

type Status = 'idle' | 'loading' | 'suggestions' | 'empty' | 'error';

const LOOKUP_FAILED_MESSAGE = 'The address search is not available just now. Please enter the address yourself.';

export function AddressLookup({
  fieldNames,
  errors = {},
  defaultMode = 'lookup',
  defaultValues = EMPTY_ADDRESS_FIELDS,
  onChange,
  onModeChange,
  label = 'Find your address',
  inputId = 'field-address',
}: AddressLookupProps) {
  const [mode, setMode] = useState<AddressLookupMode>(defaultMode);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<AddressFields | null>(null);
  const [manual, setManual] = useState<AddressFields>(EMPTY_ADDRESS_FIELDS);
  const listboxId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const requestRef = useRef<AbortController | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // Debounced search: only the latest text is asked for; older answers are aborted.
  useEffect(() => {
    if (mode !== 'lookup' || chosen) return;
    const text = normaliseLookupText(query);
    if (text.length < MIN_LOOKUP_CHARACTERS) return;
    const timer = window.setTimeout(async () => {
      requestRef.current?.abort();
      const controller = new AbortController();
      requestRef.current = controller;
      setStatus('loading');
      setIsOpen(true);
      try {
        const response = await fetch(`${ADDRESS_LOOKUP_PATH}?autocomplete=${encodeURIComponent(text)}`, {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`address lookup answered ${response.status}`);
        const body = (await response.json()) as { suggestions?: AddressSuggestion[] };
        const found = Array.isArray(body.suggestions) ? body.suggestions : [];
        setSuggestions(found);
        setActiveIndex(-1);
        setStatus(found.length > 0 ? 'suggestions' : 'empty');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn(error);
        setSuggestions([]);
        setStatus('error');
      }
    }, ADDRESS_LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, mode, chosen]);

  useEffect(() => () => requestRef.current?.abort(), []);

  const listboxRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (status === 'suggestions' || status === 'empty')
      listboxRef.current?.parentElement?.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }, [status]);

  const choose = useCallback(async (suggestion: AddressSuggestion) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setIsOpen(false);
    setQuery(suggestion.address);
    setStatus('loading');
    try {
      const response = await fetch(`${ADDRESS_LOOKUP_PATH}?id=${encodeURIComponent(suggestion.id)}`, {
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`address lookup answered ${response.status}`);
      const detail = (await response.json()) as AddressDetail;
      const fields = addressFieldsFromDetail(detail);
      setChosen(fields);
      setQuery(formatAddressDetail(detail) || suggestion.address);
      setStatus('idle');
      onChangeRef.current?.(fields);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn(error);
      setStatus('error');
      setIsOpen(true);
    }
  }, []);

  function switchMode(next: AddressLookupMode) {
    requestRef.current?.abort();
    setMode(next);
    onModeChange?.(next);
    setChosen(null);
    setManual(EMPTY_ADDRESS_FIELDS);
    setQuery('');
    setSuggestions([]);
    setStatus('idle');
    setIsOpen(false);
    onChangeRef.current?.(null);
  }

  function onQueryChange(value: string) {
    setQuery(value);
    setIsOpen(true);
    if (normaliseLookupText(value).length < MIN_LOOKUP_CHARACTERS) {
      requestRef.current?.abort();
      setStatus('idle');
      setSuggestions([]);
    }
    if (chosen) {
      setChosen(null);
      onChangeRef.current?.(null);
    }
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && isOpen && activeIndex >= 0) {
      event.preventDefault();
      const suggestion = suggestions[activeIndex];
      if (suggestion) void choose(suggestion);
    } else if (event.key === 'Escape' && isOpen) {
      // Close the list only; a second Escape reaches the dialog and closes it.
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  }

  function onManualChange(key: AddressFieldKey, value: string) {
    const next = { ...manual, [key]: value };
    setManual(next);
    onChangeRef.current?.(Object.values(next).some((part) => part.trim() !== '') ? next : null);
  }

  const isListShown = mode === 'lookup' && isOpen && !chosen && status !== 'idle';
  const statusText =
    status === 'loading'
      ? ADDRESS_LOADING_MESSAGE
      : status === 'empty'
        ? ADDRESS_NOT_FOUND_MESSAGE
        : status === 'error'
          ? LOOKUP_FAILED_MESSAGE
          : status === 'suggestions'
            ? `${suggestions.length} ${suggestions.length === 1 ? 'address' : 'addresses'} found`
            : '';
  const lookupError = mode === 'lookup' ? errors.address : undefined;
  const activeId = activeIndex >= 0 ? `${listboxId}-option-${activeIndex}` : undefined;

  return (
    <div className="address-lookup">
      {mode === 'lookup' ? (
        <div className={`form-field address-lookup__search${lookupError ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={inputId}>
            {label}
          </label>
          <p className="form-field__hint" id={`${inputId}-hint`}>
            Start typing the first line of the address or the postcode.
          </p>
          <div className="address-lookup__combobox">
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              className="form-field__input"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={isListShown && status === 'suggestions'}
              aria-controls={listboxId}
              aria-activedescendant={isListShown ? activeId : undefined}
              aria-invalid={lookupError ? true : undefined}
              aria-describedby={[`${inputId}-hint`, lookupError ? `${inputId}-error` : null, statusId]
                .filter(Boolean)
                .join(' ')}
              autoComplete="off"
              placeholder={status === 'loading' ? ADDRESS_LOADING_MESSAGE : label}
              value={query}
              onChange={(event) => onQueryChange(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={(event) => {
                if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
              }}
              onFocus={() => {
                if (suggestions.length > 0) setIsOpen(true);
              }}
            />
            <ul
              ref={listboxRef}
              id={listboxId}
              role="listbox"
              aria-label="Addresses found"
              className="address-lookup__listbox"
              hidden={!isListShown || status !== 'suggestions'}
            >
              {suggestions.map((suggestion, index) => (
                // Keyboard choice happens on the combobox input (aria-activedescendant); the option takes clicks.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={suggestion.id}
                  id={`${listboxId}-option-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`address-lookup__option${index === activeIndex ? ' is-active' : ''}`}
                  // mousedown keeps focus in the input, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void choose(suggestion)}
                >
                  {suggestion.address}
                </li>
              ))}
            </ul>
          </div>
          <p
            id={statusId}
            role="status"
            className={`address-lookup__status address-lookup__status--${status}`}
            hidden={!isListShown || status === 'suggestions'}
          >
            {isListShown && status !== 'suggestions' ? statusText : ''}
          </p>
          {lookupError ? (
            <p className="form-field__error" id={`${inputId}-error`}>
              <span className="visually-hidden">Error: </span>
              {lookupError}
            </p>
          ) : null}
          {chosen ? (
            <div className="address-lookup__chosen">
              {(Object.keys(fieldNames) as AddressFieldKey[]).map((key) => (
                <input key={key} type="hidden" name={fieldNames[key]} value={chosen[key]} />
              ))}
            </div>
          ) : null}
        </div>
      ) : (
        <ManualAddressFields fieldNames={fieldNames} errors={errors} values={manual} onChange={onManualChange} />
      )}
      {/* Without JavaScript there is no search: the typed fields take its place and post with the form. */}
      {mode === 'lookup' ? (
        <noscript>
          <ManualAddressFields fieldNames={fieldNames} errors={errors} values={defaultValues} />
        </noscript>
      ) : null}
      <button
        type="button"
        className="link-button address-lookup__toggle"
        onClick={() => switchMode(mode === 'lookup' ? 'manual' : 'lookup')}
      >
        {mode === 'lookup' ? 'Enter the address manually' : 'Search for the address instead'}
      </button>
    </div>
  );
}
