/**
 * Small but well-formed upload files for tests: the server checks each document's structure, not only its
 * first bytes (app/features/forms/file-structure.server.ts).
 */

/** A minimal PDF (header, one object, cross-reference table, trailer, `startxref`, `%%EOF`), padded to `size`. */
export function minimalPdf(size?: number): Uint8Array {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const build = (padding: number) => {
    const filler = padding > 0 ? `%${'x'.repeat(Math.max(0, padding - 2))}\n`.slice(0, padding) : '';
    const xrefAt = head.length + filler.length;
    return `${head}${filler}xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Size 2 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  };
  let padding = 0;
  let text = build(padding);
  // The offset's digit count depends on the padding: adjust until the length is exact.
  while (size !== undefined && text.length !== size) {
    padding += size - text.length;
    text = build(padding);
  }
  return new TextEncoder().encode(text);
}
