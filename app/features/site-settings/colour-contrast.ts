/**
 * WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them. Pure, so the settings
 * form checks pairs live in the browser with the same arithmetic the server's schema refuses them with.
 */

/** '#abc' or '#aabbcc' → '#aabbcc' (lower case); anything else → null. */
export function normaliseHex(value: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((digit) => digit + digit).join('')}` : `#${digits}`;
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) =>
    channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio (1 to 21) between two hex colours, or null when either is not one. */
export function contrastRatio(first: string, second: string): number | null {
  const a = normaliseHex(first);
  const b = normaliseHex(second);
  if (!a || !b) return null;
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A ratio for people to read, two decimals, never rounded up to the threshold: 4.497 reads 4.49, so a refused pair
 * never shows a ratio that looks as if it passed.
 */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}
