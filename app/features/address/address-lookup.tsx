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
import { useId } from 'react';
import { EMPTY_ADDRESS_FIELDS, type AddressFields } from './address-lookup.ts';
import { ManualAddressFields, type AddressFieldKey, type AddressFieldNames } from './address-manual-fields.tsx';
import { AddressSuggestions, optionId } from './address-suggestions.tsx';
import { useAddressLookup, type AddressLookupMode } from './use-address-lookup.ts';
import './address-lookup.css';

export type { AddressLookupMode } from './use-address-lookup.ts';

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
  const lookup = useAddressLookup({ defaultMode, onChange, onModeChange });
  const { mode, status, isListShown, chosen } = lookup;
  const listboxId = useId();
  const statusId = useId();
  const lookupError = mode === 'lookup' ? errors.address : undefined;
  const activeId = lookup.activeIndex >= 0 ? optionId(listboxId, lookup.activeIndex) : undefined;

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
              placeholder={status === 'loading' ? lookup.statusText : label}
              value={lookup.query}
              onChange={(event) => lookup.onQueryChange(event.target.value)}
              onKeyDown={lookup.onKeyDown}
              onBlur={lookup.onBlur}
              onFocus={lookup.onFocus}
            />
            <AddressSuggestions
              id={listboxId}
              suggestions={lookup.suggestions}
              activeIndex={lookup.activeIndex}
              status={status}
              isShown={isListShown}
              onChoose={(suggestion) => void lookup.choose(suggestion)}
            />
          </div>
          <p
            id={statusId}
            role="status"
            className={`address-lookup__status address-lookup__status--${status}`}
            hidden={!isListShown || status === 'suggestions'}
          >
            {isListShown && status !== 'suggestions' ? lookup.statusText : ''}
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
        <ManualAddressFields
          fieldNames={fieldNames}
          errors={errors}
          values={lookup.manual}
          onChange={lookup.onManualChange}
        />
      )}
      {/* Without JavaScript there is no search: the typed fields take its place and post with the form. */}
      {mode === 'lookup' ? (
        <noscript>
          <ManualAddressFields fieldNames={fieldNames} errors={errors} values={defaultValues} />
        </noscript>
      ) : null}
      <button type="button" className="link-button address-lookup__toggle" onClick={lookup.switchMode}>
        {mode === 'lookup' ? 'Enter the address manually' : 'Search for the address instead'}
      </button>
    </div>
  );
}
