import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export type CspOptions = {
  nonce: string;
  /** A shared page (decision 026) carries no nonce: its CSP allows its own inline code by hash instead. */
  hashes?: { scripts: string[]; styles: string[] };
  tileOrigin: string | null;
  isDevelopment: boolean;
  extraScriptSrc?: string[];
  /** The staff back office: framed by nobody, never indexed or cached. */
  isBackOffice?: boolean;
};

/** Hosts allowed in frames: the video and tour hosts of spec point 9. */
const FRAME_HOSTS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://drive.google.com',
  'https://my.matterport.com',
  'https://kuula.co',
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

function contentSecurityPolicy(options: CspOptions): string {
  const inlineScripts = options.hashes ? options.hashes.scripts : [`'nonce-${options.nonce}'`];
  const inlineStyles = options.hashes ? options.hashes.styles : [`'nonce-${options.nonce}'`];
  const scriptSrc = [`'self'`, ...inlineScripts, ...(options.extraScriptSrc ?? [])];
  const connectSrc = [`'self'`];
  if (options.isDevelopment) connectSrc.push('ws:', 'wss:');
  const imgSrc = [`'self'`, 'data:', 'blob:'];
  if (options.tileOrigin) imgSrc.push(options.tileOrigin);
  return [
    `default-src 'self'`,
    `script-src ${scriptSrc.join(' ')}`,
    // Styles from our stylesheets and the page's own nonce-carrying <style>; no style attributes in markup.
    // Scripts may still set styles through the CSSOM (Leaflet positions its tiles so), which CSP does not govern.
    // Development keeps 'unsafe-inline': Vite injects each stylesheet as a <style> without a nonce.
    `style-src ${options.isDevelopment ? `'self' 'unsafe-inline'` : [`'self'`, ...inlineStyles].join(' ')}`,
    `img-src ${imgSrc.join(' ')}`,
    `font-src 'self' data:`,
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src 'self' ${FRAME_HOSTS.join(' ')}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors ${options.isBackOffice ? `'none'` : `'self'`}`,
  ].join('; ');
}

export function tileOriginOf(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a'));
    // Tile URLs often use {s} subdomains; allow the parent domain's subdomains.
    const host = url.hostname.split('.').slice(-3).join('.');
    return `${url.protocol}//*.${host.split('.').slice(-2).join('.')} ${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

export function securityHeaders(options: CspOptions & { isHttps: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  };
  if (options.isBackOffice) {
    headers['X-Frame-Options'] = 'DENY';
    headers['X-Robots-Tag'] = 'noindex, nofollow';
  }
  if (options.isHttps) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
