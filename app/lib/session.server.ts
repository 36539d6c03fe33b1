import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from './db.server.ts';
import { sessions } from '../../db/schema/index.ts';

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type SessionCookieOptions = { secure: boolean; idleMinutes: number; absoluteDays: number };

function sessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this host over HTTPS; plain-HTTP development cannot use it.
  return secure ? '__Host-doorstep_session' : 'doorstep_session';
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedSessionId(value: string | undefined): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}

/**
 * One visitor's session. The cookie holds only a random 256-bit id; the row (user, data) is created the first
 * time something must be remembered, so anonymous page views never write to the database.
 */
export class VisitorSession {
  private loaded = false;
  private row: { userId: number | null; data: Record<string, unknown> } | null = null;
  cookieNeedsWrite: boolean;

  /**
   * A visitor without a cookie is given one only once something needs the session (a write to it, a sign-in, an
   * authenticity token bound to its id): until then their pages carry nothing of theirs and can be shared.
   */
  constructor(
    public id: string,
    private readonly isNew: boolean,
    private readonly db: () => Database,
    private readonly options: SessionCookieOptions,
  ) {
    this.cookieNeedsWrite = false;
  }

  /** The visitor has a session, or is being given one with this answer. */
  get isKept(): boolean {
    return !this.isNew || this.cookieNeedsWrite;
  }

  /** The id must outlive this request (a token was handed out for it): a new visitor gets the cookie. */
  keep(): void {
    if (this.isNew) this.cookieNeedsWrite = true;
  }

  private loading: Promise<void> | null = null;

  /** Loads the row once; concurrent callers (parallel loaders) share the same read. */
  private load(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    this.loading ??= this.read().finally(() => {
      this.loaded = true;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const now = new Date();
    const [found] = await this.db()
      .select({ userId: sessions.userId, data: sessions.data, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.id, this.id), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!found) return;
    const idleLimit = now.getTime() - this.options.idleMinutes * 60_000;
    if (found.lastSeenAt.getTime() < idleLimit) {
      await this.db().delete(sessions).where(eq(sessions.id, this.id));
      return;
    }
    this.row = { userId: found.userId, data: found.data };
    // Touch at most once a minute so busy pages do not write on every request.
    if (now.getTime() - found.lastSeenAt.getTime() > 60_000) {
      await this.db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, this.id));
    }
  }

  async getUserId(): Promise<number | null> {
    await this.load();
    return this.row?.userId ?? null;
  }

  async get<T>(key: string): Promise<T | undefined> {
    await this.load();
    return this.row?.data[key] as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.load();
    const data = { ...(this.row?.data ?? {}), [key]: value };
    await this.persist(this.row?.userId ?? null, data);
  }

  /** A new id on sign-in (session fixation), bound to the user. */
  async signIn(userId: number): Promise<void> {
    await this.destroyRow();
    this.id = newSessionId();
    this.cookieNeedsWrite = true;
    await this.persist(userId, {});
  }

  /** Sign-out destroys the row server-side and issues a fresh anonymous id. */
  async signOut(): Promise<void> {
    await this.destroyRow();
    this.id = newSessionId();
    this.cookieNeedsWrite = true;
    this.row = null;
  }

  private async destroyRow(): Promise<void> {
    await this.db().delete(sessions).where(eq(sessions.id, this.id));
    this.row = null;
    this.loaded = true;
  }

  private async persist(userId: number | null, data: Record<string, unknown>): Promise<void> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.options.absoluteDays * 86_400_000);
    await this.db()
      .insert(sessions)
      .values({ id: this.id, userId, data, lastSeenAt: now, expiresAt })
      .onConflictDoUpdate({ target: sessions.id, set: { userId, data, lastSeenAt: now } });
    this.keep();
    this.row = { userId, data };
    this.loaded = true;
  }

  setCookieHeader(): string {
    const name = sessionCookieName(this.options.secure);
    const parts = [`${name}=${this.id}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
    if (this.options.secure) parts.push('Secure');
    return parts.join('; ');
  }
}

export function readSessionCookie(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  return readNamedCookie(cookieHeader, sessionCookieName(secure));
}

export function readNamedCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
