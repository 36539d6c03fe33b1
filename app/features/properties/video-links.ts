/**
 * Virtual tours and videos (spec points 2 and 9): turns the links an agent typed into URLs an iframe can show.
 * YouTube and Vimeo use their privacy modes (no tracking cookies before consent); Google Drive files use their
 * /preview page; whitelisted tour hosts are embedded as they are; anything else is unsupported.
 */
export const VIDEO_FORMAT_NOT_SUPPORTED = 'Video format not supported';

/** Virtual-tour hosts whose pages may be framed as given (a host matches itself and its subdomains). */
export const TOUR_HOSTS = [
  'matterport.com',
  'kuula.co',
  'giraffe360.com',
  'eyespy360.com',
  'vr-360-tour.com',
  'asteroom.com',
  'cloudpano.com',
  'momento360.com',
  'roundme.com',
  '3dvista.com',
  'istaging.com',
  'youriguide.com',
  'metareal.com',
  'vieweet.com',
  'panoee.com',
] as const;

/**
 * The spec skips links from one property-tour host without naming it. We skip vebra.tours (the host suggested
 * when this was built); if the agency's feed shows a different one, change it here.
 */
export const SKIPPED_TOUR_HOST = 'vebra.tours';

type MediaKind = 'video' | 'tour';

/** A stored link: PropertyVideo in the database schema. */
export type MediaLink = { id?: string | number | null; url: string; description?: string | null; kind: MediaKind };

export type EmbeddableMedia = { id: string; kind: MediaKind; url: string; sourceUrl: string; description: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/** The embeddable URL for a link, or null when its format is not supported (the caller logs that). */
export function toEmbedUrl(link: string): string | null {
  const url = parseLink(link);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (matchesHost(host, 'youtube.com') || matchesHost(host, 'youtube-nocookie.com') || host === 'youtu.be')
    return youtubeEmbed(url, host);
  if (matchesHost(host, 'vimeo.com')) return vimeoEmbed(url, host);
  if (host === 'drive.google.com') return driveEmbed(url);
  if (TOUR_HOSTS.some((tourHost) => matchesHost(host, tourHost))) {
    url.protocol = 'https:';
    return url.toString();
  }
  return null;
}

export function isSkippedTourLink(link: string): boolean {
  const url = parseLink(link);
  return url !== null && matchesHost(url.hostname.toLowerCase(), SKIPPED_TOUR_HOST);
}

/**
 * The list the video modal pages through, in stored order. Skipped-host links are dropped silently; unsupported
 * ones are dropped and returned so the caller can log VIDEO_FORMAT_NOT_SUPPORTED. Missing descriptions become
 * 'Virtual Tour n' / 'Video n', counting each kind from 1 among the links shown.
 */
export function buildEmbeddableMedia(links: readonly MediaLink[]): {
  media: EmbeddableMedia[];
  unsupportedUrls: string[];
} {
  const media: EmbeddableMedia[] = [];
  const unsupportedUrls: string[] = [];
  const counts: Record<MediaKind, number> = { video: 0, tour: 0 };
  for (const link of links) {
    if (isSkippedTourLink(link.url)) continue;
    const url = toEmbedUrl(link.url);
    if (url === null) {
      unsupportedUrls.push(link.url);
      continue;
    }
    counts[link.kind] += 1;
    const number = counts[link.kind];
    const description =
      link.description?.trim() || (link.kind === 'tour' ? `Virtual Tour ${number}` : `Video ${number}`);
    const id =
      link.id === null || link.id === undefined || String(link.id) === '' ? `${link.kind}-${number}` : String(link.id);
    media.push({ id, kind: link.kind, url, sourceUrl: link.url, description });
  }
  return { media, unsupportedUrls };
}

function parseLink(link: string): URL | null {
  if (typeof link !== 'string') return null;
  const trimmed = link.trim();
  // Agents often paste links without the scheme ('youtu.be/…', '//player.vimeo.com/…').
  const withScheme = trimmed.startsWith('//')
    ? `https:${trimmed}`
    : /^[a-z0-9.-]+\.[a-z]{2,}(\/|$)/i.test(trimmed)
      ? `https://${trimmed}`
      : trimmed;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function matchesHost(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function youtubeEmbed(url: URL, host: string): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts[0] && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) id = parts[1];
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

function vimeoEmbed(url: URL, host: string): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/ID?h=HASH, vimeo.com/ID/HASH, vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
  const idIndex =
    host === 'player.vimeo.com' ? (parts[0] === 'video' ? 1 : -1) : parts.findIndex((part) => VIMEO_ID.test(part));
  const id = parts[idIndex];
  if (idIndex < 0 || id === undefined || !VIMEO_ID.test(id)) return null;
  const afterId = parts[idIndex + 1];
  const hash = url.searchParams.get('h') ?? (afterId && /^[0-9a-f]{6,20}$/i.test(afterId) ? afterId : null);
  const query = new URLSearchParams(hash ? { h: hash, dnt: '1' } : { dnt: '1' });
  return `https://player.vimeo.com/video/${id}?${query.toString()}`;
}

function driveEmbed(url: URL): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  const id =
    parts[0] === 'file' && parts[1] === 'd' ? parts[2] : parts[0] === 'open' ? url.searchParams.get('id') : null;
  return id && DRIVE_ID.test(id) ? `https://drive.google.com/file/d/${id}/preview` : null;
}
