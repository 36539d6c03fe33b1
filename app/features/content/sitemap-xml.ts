/** Google's limit per sitemap file (spec: ≤ 50,000 URLs per file). */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapEntry = { path: string; lastmod: Date | null };
export type SitemapSection = 'pages' | 'properties' | 'landing-pages' | 'articles' | 'branches';
const SITEMAP_SECTIONS: SitemapSection[] = ['pages', 'properties', 'landing-pages', 'articles', 'branches'];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );
}

function lastmodTag(date: Date | null): string {
  return date ? `<lastmod>${date.toISOString()}</lastmod>` : '';
}

export function sitemapFileName(section: SitemapSection, part: number): string {
  return `${section}-${part}.xml`;
}

/** 'properties-2.xml' → { section: 'properties', part: 2 }; anything else is not a sitemap. */
export function parseSitemapFileName(file: string): { section: SitemapSection; part: number } | null {
  const match = /^([a-z-]+)-(\d{1,4})\.xml$/.exec(file);
  if (!match) return null;
  const section = SITEMAP_SECTIONS.find((candidate) => candidate === match[1]);
  const part = Number(match[2]);
  return section && part >= 1 ? { section, part } : null;
}

export function renderUrlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmodTag(entry.lastmod)}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderSitemapIndex(origin: string, files: { file: string; lastmod: Date | null }[]): string {
  const items = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file.file}`)}</loc>${lastmodTag(file.lastmod)}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Account pages, saved items and API-style answers are for visitors, not search engines.
    'Disallow: /user',
    'Disallow: /outbox',
    'Disallow: /*.ljson',
    'Disallow: /analytics_code',
    'Disallow: /ajax-events/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
