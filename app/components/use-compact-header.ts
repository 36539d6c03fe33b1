import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Below this many pixels of scroll the compact header expands again (the gap with the threshold is hysteresis). */
const EXPAND_GAP = 20;

/**
 * Whether the next compact state follows from the scroll position. Two thresholds, not one: a single threshold
 * lets a scroll position sitting on it flip the state on every event.
 */
function nextCompactState(isCompact: boolean, scrollY: number, threshold: number): boolean {
  if (isCompact) return scrollY > Math.max(0, threshold - EXPAND_GAP);
  return scrollY > threshold;
}

/**
 * The home header turns compact past `threshold` px of scroll. The height it gives up is kept as a bottom margin,
 * so the page below never moves: a header that shortened the page would change the very scroll position that
 * decided its state, and the browser's scroll clamping and anchoring would toggle it in a loop.
 */
export function useCompactHeader(headerRef: RefObject<HTMLElement | null>, threshold: number, enabled: boolean) {
  const [isCompact, setIsCompact] = useState(false);
  const [fullHeight, setFullHeight] = useState<number | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setIsCompact((current) => nextCompactState(current, window.scrollY, threshold));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [enabled, threshold]);

  // Measured only while expanded (and again when the window resizes), before paint, so the first compact frame
  // already carries the compensating margin.
  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    if (!enabled || !isCompact) {
      header.style.marginBottom = '';
      if (enabled) setFullHeight(header.getBoundingClientRect().height);
      return;
    }
    if (fullHeight !== null)
      header.style.marginBottom = `${Math.max(0, fullHeight - header.getBoundingClientRect().height)}px`;
  }, [headerRef, enabled, isCompact, fullHeight]);

  useEffect(() => {
    if (!enabled) return;
    const onResize = () => {
      const header = headerRef.current;
      if (!header) return;
      // The expanded height at the new width, read with the compact class briefly removed (no paint in between).
      const compactClass = [...header.classList].find((name) => name.endsWith('--scrolled'));
      const margin = header.style.marginBottom;
      header.style.marginBottom = '';
      if (compactClass) header.classList.remove(compactClass);
      const height = header.getBoundingClientRect().height;
      if (compactClass) header.classList.add(compactClass);
      header.style.marginBottom = margin;
      setFullHeight(height);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [headerRef, enabled, threshold]);

  return enabled && isCompact;
}
