import { useEffect, useRef, type RefObject } from 'react';

/**
 * A list that acts as soon as it changes (it submits its form or saves at once) is on the page before the page's
 * script runs, and a choice made then is only in the page: no change handler saw it, and the button that would
 * post it goes once the script runs. So the list is left uncontrolled (React keeps what the page shows, where a
 * controlled list is reset to its value on the next render) and, once the script runs, a choice that differs from
 * the value the server rendered is acted on as a change would be. When the value changes later (a navigation), the
 * list is set to it, without remounting the list (which would lose the keyboard focus).
 */
export function useChoiceMadeBeforeHydration(
  value: string,
  onChoice: (value: string, select: HTMLSelectElement) => void,
): RefObject<HTMLSelectElement | null> {
  /** For the list's `ref`. */
  const control = useRef<HTMLSelectElement>(null);
  // The values at hydration: later changes go through the list's own change handler.
  const atHydration = useRef({ value, onChoice });
  const shown = useRef(value);
  useEffect(() => {
    const select = control.current;
    const { value: rendered, onChoice: act } = atHydration.current;
    if (select && select.value !== rendered) act(select.value, select);
  }, []);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    const select = control.current;
    if (select) select.value = value;
  }, [value]);
  return control;
}
