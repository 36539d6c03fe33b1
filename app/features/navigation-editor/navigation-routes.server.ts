/**
 * Loaders and actions of the menu and home page editors' thin routes (app/routes/admin/menus*.tsx and
 * home-page.tsx): owners and editors (the content role). The authenticity token is checked by the server first.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { parseFields, seeOther } from '../../lib/http/form-submission.server.ts';
import { replyTo, type FieldError, type FormResult, type FormSubmission } from '../../lib/http/form-submission.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { requireStaff } from '../staff/index.server.ts';
import { HOME_INTENTS, HOME_MESSAGES, homeLayoutSchema } from './home-layout.ts';
import { getHomeLayout, saveHomeLayout } from './home-layout.server.ts';
import { MENU_MESSAGES, menuLinkSchema, menuMoveSchema, MOVE_INTENTS, moveNotice } from './menu-model.ts';
import { availableMoves, findNode, MENU_DEPTH, MENU_NAMES, type MenuName, type MenuNode } from './menu-tree.ts';
import { changeMenu, getMenuForEditor, type MenuChangeOutcome } from './menus.server.ts';
import { listLinkablePages } from './site-pages.server.ts';

/** Who edits the site's navigation and home page: the owner and the content role (decisions 019, 028–030). */
const CONTENT_ROLES = { roles: ['owner', 'editor'] } as const;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Which form on the page a refusal belongs to (the menus page has several). */
type NavigationReply = { formId: string; formResult: FormResult };

function refuse(formId: string, submission: FormSubmission, errors: readonly FieldError[], status: number) {
  return data({ formId, formResult: replyTo(submission, errors) } satisfies NavigationReply, {
    status,
    headers: NO_STORE,
  });
}

export type EditorNode = MenuNode & {
  moves: ReturnType<typeof availableMoves>;
  children: EditorNode[];
};

function withMoves(tree: MenuNode[], nodes: MenuNode[], depth: number): EditorNode[] {
  return nodes.map((node) => ({
    ...node,
    moves: availableMoves(tree, node.id, depth),
    children: withMoves(tree, node.children, depth),
  }));
}

function actorOf(principal: { staffId: number; email: string }, context: AppLoadContext) {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

function isMenuName(value: string | null): value is MenuName {
  return (MENU_NAMES as readonly (string | null)[]).includes(value);
}

/** GET /admin/menus: both menus as trees with what each link's buttons may do, and the pages a link may go to. */
export async function menusLoader(request: Request) {
  await requireStaff(request, CONTENT_ROLES);
  const db = getDb();
  const [primary, secondary, pages] = await Promise.all([
    getMenuForEditor(db, 'primary'),
    getMenuForEditor(db, 'secondary'),
    listLinkablePages(db),
  ]);
  const url = new URL(request.url);
  const did = url.searchParams.get('did');
  const itemId = Number(url.searchParams.get('item'));
  const menu = url.searchParams.get('menu');
  let notice: string | null = null;
  let focus: { itemId: number; intent: string } | null = null;
  if (isMenuName(menu) && did) {
    const tree = menu === 'primary' ? primary.tree : secondary.tree;
    const node = Number.isSafeInteger(itemId) ? findNode(tree, itemId) : null;
    if (did === 'remove') notice = 'The link was removed.';
    else if (did === 'add' && node) notice = `“${node.name}” was added.`;
    else if (did === 'edit' && node) notice = `“${node.name}” was saved.`;
    else if ((MOVE_INTENTS as readonly string[]).includes(did) && node) {
      notice = moveNotice(did as (typeof MOVE_INTENTS)[number], node.name);
      focus = { itemId: node.id, intent: did };
    }
  }
  return data(
    {
      menus: [primary, secondary].map((entry) => ({
        menu: entry.menu,
        version: entry.version,
        maxDepth: MENU_DEPTH[entry.menu],
        tree: withMoves(entry.tree, entry.tree, MENU_DEPTH[entry.menu]),
      })),
      pages,
      notice,
      focus,
    },
    { headers: NO_STORE },
  );
}

function afterChange(menu: MenuName, intent: string, itemId: number): Response {
  // After a move focus returns to the pressed button (autofocus), which browsers skip when the address has a #target.
  const target = (MOVE_INTENTS as readonly string[]).includes(intent) && intent !== 'remove' ? '' : `#menu-${menu}`;
  return seeOther(`/admin/menus?menu=${menu}&did=${intent}&item=${itemId}${target}`);
}

function answerOutcome(
  outcome: MenuChangeOutcome,
  submission: FormSubmission,
  formId: string,
  onSaved: (saved: Extract<MenuChangeOutcome, { status: 'saved' }>) => Response,
) {
  switch (outcome.status) {
    case 'saved':
      return onSaved(outcome);
    case 'conflict':
      return refuse(formId, submission, [{ field: 'form', message: MENU_MESSAGES.conflict }], 409);
    case 'refused':
      return refuse(formId, submission, [{ field: outcome.field, message: outcome.message }], 422);
  }
}

/** POST /admin/menus: add a link (intent 'add'), or a link's move or removal. */
export async function menusAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, CONTENT_ROLES);
  const fields = await readFields(request);
  const db = getDb();
  if (fields.intent === 'add') {
    const menu = isMenuName(String(fields.menu ?? '')) ? String(fields.menu) : 'menu';
    const formId = `add-${menu}`;
    const submission = parseFields(fields, menuLinkSchema);
    if (submission.status !== 'success') return refuse(formId, submission, [], 422);
    // This form only adds: a link's own page changes it.
    const input = { ...submission.value, itemId: null };
    const outcome = await changeMenu(db, { kind: 'link', input }, actorOf(principal, context));
    return answerOutcome(outcome, submission, formId, (saved) => afterChange(input.menu, 'add', saved.itemId));
  }
  const submission = parseFields(fields, menuMoveSchema);
  const formId = `moves-${isMenuName(String(fields.menu ?? '')) ? String(fields.menu) : 'primary'}`;
  if (submission.status !== 'success') return refuse(formId, submission, [], 422);
  const input = submission.value;
  const outcome = await changeMenu(db, { kind: 'move', input }, actorOf(principal, context));
  return answerOutcome(outcome, submission, formId, () => afterChange(input.menu, input.intent, input.itemId));
}

function itemIdOf(params: { id?: string }): number {
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id ?? '') || !Number.isSafeInteger(id)) throw new HttpError(404, 'No such link.');
  return id;
}

async function findItem(id: number) {
  const db = getDb();
  for (const menu of MENU_NAMES) {
    const editor = await getMenuForEditor(db, menu);
    const node = findNode(editor.tree, id);
    if (node) return { menu, version: editor.version, node };
  }
  throw new HttpError(404, 'That link is no longer in the menu.');
}

/** GET /admin/menus/items/:id: one link's text, address and new-tab choice. */
export async function menuItemLoader(request: Request, params: { id?: string }) {
  await requireStaff(request, CONTENT_ROLES);
  const found = await findItem(itemIdOf(params));
  const pages = await listLinkablePages(getDb());
  return data(
    {
      menu: found.menu,
      version: found.version,
      item: { id: found.node.id, name: found.node.name, url: found.node.url, target: found.node.target },
      pages,
    },
    { headers: NO_STORE },
  );
}

/** POST /admin/menus/items/:id: saves the link if its page exists and the menu is still at the version shown. */
export async function menuItemAction(request: Request, params: { id?: string }, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, CONTENT_ROLES);
  const id = itemIdOf(params);
  const submission = parseFields(await readFields(request), menuLinkSchema);
  if (submission.status !== 'success') return refuse('edit-link', submission, [], 422);
  const input = { ...submission.value, itemId: id };
  const outcome = await changeMenu(getDb(), { kind: 'link', input }, actorOf(principal, context));
  return answerOutcome(outcome, submission, 'edit-link', () => afterChange(input.menu, 'edit', id));
}

/** GET /admin/home-page: the sections in order with their settings and the version a save must name. */
export async function homePageLoader(request: Request) {
  await requireStaff(request, CONTENT_ROLES);
  const layout = await getHomeLayout(getDb());
  const url = new URL(request.url);
  // Only a move the action sends back: the page names the moved section from it.
  const moved = HOME_INTENTS.find((intent) => intent !== 'save' && intent === url.searchParams.get('moved')) ?? null;
  return data({ ...layout, isSaved: url.searchParams.get('saved') === '1', moved }, { headers: NO_STORE });
}

/** POST /admin/home-page: Save, or move a section (saving what was typed with it). */
export async function homePageAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, CONTENT_ROLES);
  const submission = parseFields(await readFields(request), homeLayoutSchema);
  if (submission.status !== 'success') return refuse('home-layout', submission, [], 422);
  const outcome = await saveHomeLayout(getDb(), submission.value, actorOf(principal, context));
  if (outcome.status === 'conflict')
    return refuse('home-layout', submission, [{ field: 'form', message: HOME_MESSAGES.conflict }], 409);
  const intent = submission.value.intent;
  return seeOther(intent === 'save' ? '/admin/home-page?saved=1' : `/admin/home-page?moved=${intent}`);
}
