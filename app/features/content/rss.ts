export type RssItem = { title: string; path: string; description: string; publishedAt: Date; category: string };

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );
}

/** An RSS 2.0 feed of articles (RFC 822 dates, absolute links, a self link for feed readers). */
export function renderRss(channel: { title: string; origin: string; description: string }, items: RssItem[]): string {
  const lastBuild = items[0]?.publishedAt ?? new Date(0);
  const entries = items.map((item) => {
    const link = escapeXml(`${channel.origin}${item.path}`);
    return [
      '<item>',
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<description>${escapeXml(item.description)}</description>`,
      `<category>${escapeXml(item.category)}</category>`,
      `<pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(`${channel.origin}/articles`)}</link>`,
    `<atom:link href="${escapeXml(`${channel.origin}/articles.rss`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(channel.description)}</description>`,
    '<language>en-gb</language>',
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
