/**
 * Money as the spec shows it: pound sign, comma thousands, two decimals ('£1,234.56'). Built by hand rather than
 * with Intl so server and browser render the same characters (no hydration mismatch from ICU differences).
 */
export function formatCurrency(amount: number): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '£0.00';
  const absolute = Math.abs(amount);
  // Beyond 2^53 pence a double cannot hold every penny, so whole pounds are all there is to show.
  const pence = absolute < Number.MAX_SAFE_INTEGER / 100 ? Math.round(absolute * 100) : null;
  if (pence === 0) return '£0.00';
  const pounds = (pence === null ? BigInt(Math.round(absolute)) : BigInt(Math.floor(pence / 100))).toString();
  const penceText = pence === null ? '00' : String(pence % 100).padStart(2, '0');
  const grouped = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}£${grouped}.${penceText}`;
}
