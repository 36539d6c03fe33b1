import { useEffect, useRef, type RefObject } from 'react';

/** What the list showed when the page loaded: its default option (the server's `selected`), else the first. */
function loadedValue(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

/**
 * A list that acts as soon as it changes (it submits its form or saves at once) is on the page before the page's
 * script runs, and a choice made then is only in the page: no change handler saw it, and the button that would
 * post it goes once the script runs. So the list is left uncontrolled (React keeps what the page shows, where a
 * controlled list is reset to its value on the next render) and, once the script runs, a choice that differs from
 * what the list showed when the page loaded is acted on as a change would be. When the value changes later (a
 * navigation), the list is set to it, without remounting the list (which would lose the keyboard focus).
 * Returns the ref for the list.
 */
export function useChoiceMadeBeforeHydration(
  value: string,
  onChoice: (value: string, select: HTMLSelectElement) => void,
): RefObject<HTMLSelectElement | null> {
  const control = useRef<HTMLSelectElement>(null);
  // The handler at hydration: later changes go through the list's own change handler.
  const actAtHydration = useRef(onChoice);
  const shown = useRef(value);
  useEffect(() => {
    const select = control.current;
    if (select && select.value !== loadedValue(select)) actAtHydration.current(select.value, select);
  }, []);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    const select = control.current;
    if (select) select.value = value;
  }, [value]);
  return control;
}
