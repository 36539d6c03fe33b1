import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { placeLabel } from './search-model.ts';

type Suggestion = { place_id: number; name: string; county_name: string; kind: string };

/**
 * The place box: an ARIA combobox over /places.ljson. Choosing a suggestion sets placeId (and the label as q);
 * typing anything else is a free-text search. Without JavaScript it is a plain text field.
 */
export function PlaceAutocomplete({
  id,
  name,
  label,
  defaultValue,
  defaultPlaceId,
  isLabelHidden = false,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  defaultPlaceId: number | null;
  /** For boxes whose placeholder and surroundings already say what goes in (the home page's search). */
  isLabelHidden?: boolean;
  placeholder?: string;
}) {
  const [text, setText] = useState(defaultValue);
  const [placeId, setPlaceId] = useState<number | null>(defaultPlaceId);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function onType(value: string) {
    setText(value);
    setPlaceId(null);
    clearTimeout(timer.current);
    if (value.trim().length < 2) {
      setSuggestions([]);
      setIsOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      fetch(`/places.ljson?q=${encodeURIComponent(value)}`)
        .then((response) => (response.ok ? response.json() : { suggestions: [] }))
        .then((body: { suggestions: Suggestion[] }) => {
          setSuggestions(body.suggestions);
          setActive(-1);
          setIsOpen(body.suggestions.length > 0);
        })
        .catch(() => setSuggestions([]));
    }, 250);
  }

  function choose(suggestion: Suggestion) {
    setText(placeLabel(suggestion));
    setPlaceId(suggestion.place_id);
    setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isOpen) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(suggestions.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const suggestion = suggestions[active];
      if (suggestion) choose(suggestion);
    } else if (event.key === 'Escape') {
      setIsOpen(false);
    }
  }

  return (
    <div className="place-autocomplete">
      <label htmlFor={id} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isOpen && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setIsOpen(false), 150)}
      />
      {placeId !== null ? <input type="hidden" name="placeId" value={placeId} /> : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested places"
        className="place-autocomplete__list"
        hidden={!isOpen}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.place_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            <span className="place-autocomplete__name">{suggestion.name}</span>{' '}
            <span className="place-autocomplete__county">
              {suggestion.kind === 'postcode-district'
                ? `Postcode district, ${suggestion.county_name}`
                : suggestion.county_name}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
