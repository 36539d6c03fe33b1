/**
 * The state behind <AddressLookup>: the mode, the typed text, the debounced search, the suggestion list and the
 * chosen address. No markup: address-lookup.tsx lays it out.
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
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
import type { AddressFieldKey } from './address-manual-fields.tsx';

export type AddressLookupMode = 'lookup' | 'manual';
export type LookupStatus = 'idle' | 'loading' | 'suggestions' | 'empty' | 'error';

const LOOKUP_FAILED_MESSAGE = 'The address search is not available just now. Please enter the address yourself.';

function statusTextOf(status: LookupStatus, count: number): string {
  if (status === 'loading') return ADDRESS_LOADING_MESSAGE;
  if (status === 'empty') return ADDRESS_NOT_FOUND_MESSAGE;
  if (status === 'error') return LOOKUP_FAILED_MESSAGE;
  if (status === 'suggestions') return `${count} ${count === 1 ? 'address' : 'addresses'} found`;
  return '';
}

async function fetchLookup<T>(query: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(`${ADDRESS_LOOKUP_PATH}?${query}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`address lookup answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Runs `close` once the pointer held down now is released and its click has been dispatched. Closing the list at
 * once would move what lies below it away from under the pointer, so the press would land elsewhere (or nowhere).
 */
function afterPointerRelease(close: () => void): void {
  const done = () => {
    window.removeEventListener('pointerup', done, true);
    window.removeEventListener('pointercancel', done, true);
    // The click follows pointerup in the same task: close after it.
    window.setTimeout(close, 0);
  };
  window.addEventListener('pointerup', done, true);
  window.addEventListener('pointercancel', done, true);
}

export function useAddressLookup({
  defaultMode,
  onChange,
  onModeChange,
}: {
  defaultMode: AddressLookupMode;
  onChange?: (address: AddressFields | null) => void;
  onModeChange?: (mode: AddressLookupMode) => void;
}) {
  const [mode, setMode] = useState<AddressLookupMode>(defaultMode);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<LookupStatus>('idle');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<AddressFields | null>(null);
  const [manual, setManual] = useState<AddressFields>(EMPTY_ADDRESS_FIELDS);
  const requestRef = useRef<AbortController | null>(null);
  const isPointerDownRef = useRef(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // Whether a pointer is held down anywhere: a blur caused by a press waits for its release (afterPointerRelease).
  useEffect(() => {
    const down = () => {
      isPointerDownRef.current = true;
    };
    const up = () => {
      isPointerDownRef.current = false;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);

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
        const body = await fetchLookup<{ suggestions?: AddressSuggestion[] }>(
          `autocomplete=${encodeURIComponent(text)}`,
          controller.signal,
        );
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

  const choose = useCallback(async (suggestion: AddressSuggestion) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setIsOpen(false);
    setQuery(suggestion.address);
    setStatus('loading');
    try {
      const detail = await fetchLookup<AddressDetail>(`id=${encodeURIComponent(suggestion.id)}`, controller.signal);
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

  function switchMode() {
    const next: AddressLookupMode = mode === 'lookup' ? 'manual' : 'lookup';
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

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
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

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    if (event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) return;
    if (isPointerDownRef.current) afterPointerRelease(() => setIsOpen(false));
    else setIsOpen(false);
  }

  function onFocus() {
    if (suggestions.length > 0) setIsOpen(true);
  }

  function onManualChange(key: AddressFieldKey, value: string) {
    const next = { ...manual, [key]: value };
    setManual(next);
    onChangeRef.current?.(Object.values(next).some((part) => part.trim() !== '') ? next : null);
  }

  return {
    mode,
    query,
    status,
    statusText: statusTextOf(status, suggestions.length),
    suggestions,
    activeIndex,
    chosen,
    manual,
    isListShown: mode === 'lookup' && isOpen && !chosen && status !== 'idle',
    choose,
    switchMode,
    onQueryChange,
    onKeyDown,
    onBlur,
    onFocus,
    onManualChange,
  };
}
