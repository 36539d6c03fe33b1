/**
 * The menu editor's forms: one zod schema for a link's fields (adding and editing) and one for the moves, each
 * used by the browser and again by the action. Link names become plain one-line text; links are read by
 * `parseMenuLink` (no `javascript:` or other schemes). Whether an internal page exists is checked by the server.
 */
import { z } from 'zod';
import { LINK_MESSAGES, parseMenuLink } from './menu-links.ts';
import { MENU_NAMES, type MenuName } from './menu-tree.ts';
import { plainLine } from '../../lib/plain-text.ts';

export const MENU_LABELS: Record<MenuName, { title: string; description: string }> = {
  primary: {
    title: 'Main menu',
    description:
      'The header of every page. The first four links sit left of the logo on wide screens; a link may have sub-links (one level).',
  },
  secondary: {
    title: 'Secondary menu',
    description: 'The row of links under the header on the home page only. Its links cannot have sub-links.',
  },
};

export const MENU_MESSAGES = {
  name: 'Enter the link text, like Buy',
  nameTooLong: 'Enter link text of 60 characters or fewer',
  reload: 'Reload the page and try again',
  conflict:
    'Someone else changed this menu after you opened this page, so your change was not made. The page now shows the menu as it is: make your change again.',
  tooMany: 'A menu can have at most 60 links: remove one before adding another',
} as const;

export const MAX_MENU_LINKS = 60;
const MAX_NAME_LENGTH = 60;

const wholeNumber = z
  .string({ error: MENU_MESSAGES.reload })
  .regex(/^\d{1,9}$/, MENU_MESSAGES.reload)
  .transform(Number);

const optionalId = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === '' || /^\d{1,9}$/.test(value), MENU_MESSAGES.reload)
  .transform((value) => (value ? Number(value) : null));

const menuName = z.enum(MENU_NAMES, { error: MENU_MESSAGES.reload });

/** Adding a link (no itemId) or changing one (itemId): its text, where it goes and whether it opens a new tab. */
export const menuLinkSchema = z.object({
  version: wholeNumber,
  menu: menuName,
  itemId: optionalId,
  /** Where an added link goes: empty for the top level, or the id of the link it is put under. */
  parentId: optionalId,
  name: z
    .string({ error: MENU_MESSAGES.name })
    .transform(plainLine)
    .pipe(z.string().min(1, MENU_MESSAGES.name).max(MAX_NAME_LENGTH, MENU_MESSAGES.nameTooLong)),
  url: z.string({ error: LINK_MESSAGES.empty }).transform((value, context) => {
    const parsed = parseMenuLink(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.link.url;
  }),
  newTab: z
    .string()
    .optional()
    .transform((value) => (value === 'on' ? ('B' as const) : ('S' as const))),
});
export type MenuLinkInput = z.output<typeof menuLinkSchema>;

export const MOVE_INTENTS = ['up', 'down', 'indent', 'outdent', 'remove', 'move'] as const;

/** A button of a link's row (or a drop): which link, what to do, from which version of the menu. */
export const menuMoveSchema = z.object({
  version: wholeNumber,
  menu: menuName,
  itemId: wholeNumber,
  intent: z.enum(MOVE_INTENTS, { error: MENU_MESSAGES.reload }),
  /** Drag and drop only: the new parent (empty for the top level) and place among its links. */
  parentId: optionalId,
  index: optionalId,
});
export type MenuMoveInput = z.output<typeof menuMoveSchema>;

/** What the page says after a change (the status line read out after the page reloads). */
export function moveNotice(intent: MenuMoveInput['intent'], name: string): string {
  switch (intent) {
    case 'up':
      return `“${name}” moved up.`;
    case 'down':
      return `“${name}” moved down.`;
    case 'indent':
      return `“${name}” is now a sub-link of the link above it.`;
    case 'outdent':
      return `“${name}” moved out to the level above.`;
    case 'remove':
      return `“${name}” was removed.`;
    case 'move':
      return `“${name}” moved.`;
  }
}
