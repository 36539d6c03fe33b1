/**
 * The logo and favicon. Files arrive through the back office's one upload reader (checked by their bytes, re-encoded
 * by sharp, stored through app/lib/storage); the logo is used as stored, and the favicon is made here into a square
 * 192 px PNG (what browsers and phones ask for), so a large upload never becomes every page's icon download.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '../../lib/db.server.ts';
import { getStorage, type FileStorage } from '../../lib/storage/storage.server.ts';
import type { StoredStaffFile } from '../media/index.server.ts';
import { saveChange, type SettingsActor, type SettingsSaveOutcome } from './settings-forms.server.ts';
import type { BrandingInput } from './settings-model.ts';

const FAVICON_SIZE = 192;

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A square PNG icon from an uploaded image (transparent where the image does not fill the square). */
async function makeFavicon(storage: FileStorage, file: StoredStaffFile): Promise<string | null> {
  const original = await readAll(storage, file.key);
  if (!original) return null;
  const icon = await sharp(original)
    .resize(FAVICON_SIZE, FAVICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const name = `${randomUUID()}.png`;
  await storage.put(`originals/site/${name}`, icon, 'image/png', { size: icon.length });
  // The full-size upload is not needed once the icon is made.
  await storage.delete(file.key);
  return `/media/site/${name}`;
}

/** Saves a new logo or favicon (or goes back to the default icon); the files of a refused save are removed. */
export async function saveBranding(
  db: Database,
  input: BrandingInput,
  file: StoredStaffFile | null,
  actor: SettingsActor,
  storage: FileStorage = getStorage(),
): Promise<SettingsSaveOutcome> {
  let url: string | null = null;
  if (input.intent === 'logo') url = file?.url ?? null;
  if (input.intent === 'favicon' && file) url = await makeFavicon(storage, file);
  const outcome = await saveChange(db, 'branding', input.version, actor, (row) => {
    if (input.intent === 'logo') {
      return {
        set: { logoUrl: url ?? row.logoUrl },
        action: 'settings.branding-changed',
        target: 'Logo',
        before: { logoUrl: row.logoUrl },
        after: { logoUrl: url ?? row.logoUrl },
      };
    }
    return {
      set: { faviconUrl: url },
      action: 'settings.branding-changed',
      target: 'Favicon',
      before: { faviconUrl: row.faviconUrl },
      after: { faviconUrl: url },
    };
  });
  if (outcome.status !== 'saved' && url) {
    await storage.delete(`originals/${url.slice('/media/'.length)}`).catch(() => undefined);
  }
  return outcome;
}
