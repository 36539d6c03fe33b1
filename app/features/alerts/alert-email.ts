/**
 * The alert emails: matches shown as cards with links, a link to the search and a one-click unsubscribe link
 * (saved-search alerts); price drops and status changes (saved properties). Plain text and HTML, absolute links.
 */
import type { PropertyCard } from '../properties/index.ts';
// Email clients ignore CSS custom properties: the message carries the site palette's values inline.
import { DEFAULT_THEME_COLOURS as COLOURS } from '../site/index.server.ts';

const MAX_CARDS_PER_EMAIL = 20;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function absolute(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

function cardHtml(origin: string, card: PropertyCard, note?: string): string {
  const url = absolute(origin, card.property_url);
  const photo = card.photos[0];
  const rooms = [card.bedrooms > 0 ? `${card.bedrooms} bed` : '', card.bathrooms > 0 ? `${card.bathrooms} bath` : '']
    .filter(Boolean)
    .join(' · ');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid ${COLOURS.border};border-radius:8px;margin:0 0 16px;border-collapse:separate">
<tr><td style="padding:0">${
    photo
      ? `<a href="${escapeHtml(url)}"><img src="${escapeHtml(absolute(origin, photo.card_url))}" width="408" height="250" alt="${escapeHtml(photo.imageAlt)}" style="display:block;width:100%;max-width:408px;height:auto;border-radius:8px 8px 0 0"></a>`
      : ''
  }</td></tr>
<tr><td style="padding:12px 16px;font-family:Arial,sans-serif;color:${COLOURS.text}">
<p style="margin:0 0 4px;font-size:18px;font-weight:bold">${escapeHtml(card.price)}</p>
${note ? `<p style="margin:0 0 4px;color:${COLOURS.accent};font-weight:bold">${escapeHtml(note)}</p>` : ''}
<p style="margin:0 0 4px"><a href="${escapeHtml(url)}" style="color:${COLOURS.brand}">${escapeHtml(card.display_address)}</a></p>
${rooms ? `<p style="margin:0;color:${COLOURS.muted}">${escapeHtml(rooms)}</p>` : ''}
</td></tr></table>`;
}

function layout(agencyName: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(agencyName)}</title></head>
<body style="margin:0;padding:16px;background:${COLOURS.surface}"><div style="max-width:600px;margin:0 auto;background:${COLOURS.white};padding:24px;font-family:Arial,sans-serif;color:${COLOURS.text}">${body}</div></body></html>`;
}

export type SearchAlertEmail = { subject: string; text: string; html: string };

export function buildSearchAlertEmail(input: {
  origin: string;
  agencyName: string;
  firstName: string;
  searchDescription: string;
  searchUrl: string;
  unsubscribeUrl: string;
  cards: PropertyCard[];
}): SearchAlertEmail {
  const { origin, cards } = input;
  const shown = cards.slice(0, MAX_CARDS_PER_EMAIL);
  const more = cards.length - shown.length;
  const searchUrl = absolute(origin, input.searchUrl);
  const unsubscribeUrl = absolute(origin, input.unsubscribeUrl);
  const count = cards.length === 1 ? '1 new property matches' : `${cards.length} new properties match`;
  const subject = `${count} your saved search: ${input.searchDescription}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${count} your saved search "${input.searchDescription}".`,
    '',
    ...shown.flatMap((card) => [`${card.price} - ${card.display_address}`, absolute(origin, card.property_url), '']),
    ...(more > 0 ? [`And ${more} more: ${searchUrl}`, ''] : []),
    `See all results for this search: ${searchUrl}`,
    '',
    `Stop these emails (no sign-in needed): ${unsubscribeUrl}`,
    '',
    input.agencyName,
  ].join('\n');
  const html = layout(
    input.agencyName,
    `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(count)} your saved search <strong>${escapeHtml(input.searchDescription)}</strong>.</p>
${shown.map((card) => cardHtml(origin, card)).join('\n')}
${more > 0 ? `<p>And ${more} more.</p>` : ''}
<p><a href="${escapeHtml(searchUrl)}" style="color:${COLOURS.brand};font-weight:bold">See all results for this search</a></p>
<p style="font-size:13px;color:${COLOURS.muted}">You get this email because you saved this search at ${escapeHtml(input.agencyName)}.
<a href="${escapeHtml(unsubscribeUrl)}" style="color:${COLOURS.muted}">Unsubscribe from these alerts</a> (no sign-in needed).</p>`,
  );
  return { subject, text, html };
}

export type SavedPropertyChange = { card: PropertyCard; kind: 'price-drop' | 'status'; previousPrice: number | null };

const STATUS_WORDS: Record<string, string> = {
  'under-offer': 'Now under offer',
  sstc: 'Now sold subject to contract',
  sold: 'Now sold',
  'let-agreed': 'Now let agreed',
};

function changeNote(change: SavedPropertyChange): string {
  if (change.kind === 'price-drop') {
    const was = change.previousPrice !== null ? ` (was £${change.previousPrice.toLocaleString('en-GB')})` : '';
    return `Price reduced${was}`;
  }
  return STATUS_WORDS[change.card.status] ?? 'Status changed';
}

export function buildSavedPropertyChangesEmail(input: {
  origin: string;
  agencyName: string;
  firstName: string;
  changes: SavedPropertyChange[];
}): SearchAlertEmail {
  const { origin, changes } = input;
  const manageUrl = absolute(origin, '/user/saved-properties');
  const subject =
    changes.length === 1
      ? `Update on a saved property: ${changes[0]!.card.display_address}`
      : `Updates on ${changes.length} of your saved properties`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    'There is news about properties you saved:',
    '',
    ...changes.flatMap((change) => [
      `${changeNote(change)}: ${change.card.price} - ${change.card.display_address}`,
      absolute(origin, change.card.property_url),
      '',
    ]),
    `Your saved properties: ${manageUrl}`,
    '',
    input.agencyName,
  ].join('\n');
  const html = layout(
    input.agencyName,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>There is news about properties you saved:</p>
${changes.map((change) => cardHtml(origin, change.card, changeNote(change))).join('\n')}
<p><a href="${escapeHtml(manageUrl)}" style="color:${COLOURS.brand}">Your saved properties</a> (remove a property there to stop its updates).</p>`,
  );
  return { subject, text, html };
}
