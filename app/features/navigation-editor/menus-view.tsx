/**
 * The menu editor (/admin/menus): each menu as a tree. Every link's row has buttons (Move up, Move down, Indent,
 * Outdent, Remove) that are plain form posts, so the keyboard and a browser without JavaScript can do everything;
 * after a move the page comes back with focus on the same button of the same link, so pressing Enter again moves it
 * again. Once scripts run, links can also be dragged: a drop posts the same kind of change.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useActionData } from 'react-router';
import { CheckboxField, ErrorSummary, SelectField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { errorList, type FormResult } from '../../lib/http/form-submission.ts';
import { MENU_LABELS, menuLinkSchema } from './menu-model.ts';
import type { MenuName } from './menu-tree.ts';
import './navigation-editor.css';

type Moves = { up: boolean; down: boolean; indent: boolean; outdent: boolean };
type EditorNode = {
  id: number;
  name: string;
  url: string;
  target: 'S' | 'B';
  moves: Moves;
  children: EditorNode[];
};
type EditorMenu = { menu: MenuName; version: number; maxDepth: number; tree: EditorNode[] };
export type LinkablePage = { path: string; name: string };
type Focus = { itemId: number; intent: string } | null;

function replyFor(actionData: unknown, formId: string): FormResult | null {
  if (!actionData || typeof actionData !== 'object') return null;
  const reply = actionData as { formId?: unknown; formResult?: FormResult };
  return reply.formId === formId && reply.formResult ? reply.formResult : null;
}

const MOVE_BUTTONS = [
  { intent: 'up', label: 'Move up' },
  { intent: 'down', label: 'Move down' },
  { intent: 'indent', label: 'Indent' },
  { intent: 'outdent', label: 'Outdent' },
] as const;

/** The button that gets focus back after a move: the one pressed, or the first still offered. */
function focusTarget(node: EditorNode, focus: Focus): string | null {
  if (!focus || focus.itemId !== node.id) return null;
  if (focus.intent in node.moves && node.moves[focus.intent as keyof Moves]) return focus.intent;
  return MOVE_BUTTONS.find((button) => node.moves[button.intent])?.intent ?? 'edit';
}

/** The list the link field suggests: the site's own pages. */
function SitePagesList({ id, pages }: { id: string; pages: readonly LinkablePage[] }) {
  return (
    <datalist id={id}>
      {pages.map((page) => (
        <option key={page.path} value={page.path}>
          {page.name}
        </option>
      ))}
    </datalist>
  );
}

export function MenusEditor({
  menus,
  pages,
  notice,
  focus,
}: {
  menus: EditorMenu[];
  pages: LinkablePage[];
  notice: string | null;
  focus: Focus;
}) {
  return (
    <div className="navigation-editor">
      {notice ? (
        <p className="admin-notice" role="status">
          {notice} The public site shows the change now.
        </p>
      ) : null}
      <SitePagesList id="site-pages" pages={pages} />
      {menus.map((menu) => (
        <MenuSection key={menu.menu} menu={menu} focus={focus} />
      ))}
    </div>
  );
}

function MenuSection({ menu, focus }: { menu: EditorMenu; focus: Focus }) {
  const label = MENU_LABELS[menu.menu];
  const dropForm = useRef<HTMLFormElement>(null);
  const hasScripts = useIsHydrated();
  const [dragged, setDragged] = useState<number | null>(null);
  const moveErrors = errorList(replyFor(useActionData(), `moves-${menu.menu}`)?.error);

  const drop = (target: { parentId: number | null; index: number }) => {
    const form = dropForm.current;
    if (!form || dragged === null) return;
    (form.elements.namedItem('itemId') as HTMLInputElement).value = String(dragged);
    (form.elements.namedItem('parentId') as HTMLInputElement).value =
      target.parentId === null ? '' : String(target.parentId);
    (form.elements.namedItem('index') as HTMLInputElement).value = String(target.index);
    setDragged(null);
    form.requestSubmit();
  };

  return (
    <section className="navigation-editor__menu" aria-labelledby={`menu-${menu.menu}`}>
      <h2 id={`menu-${menu.menu}`} tabIndex={-1}>
        {label.title}
      </h2>
      <p>{label.description}</p>
      <ErrorSummary errors={moveErrors} fieldIds={{ form: `menu-${menu.menu}` }} />
      {hasScripts ? (
        <p className="navigation-editor__hint">
          Drag a link by its handle to move it, or use its buttons. Drop on the right half of a top-level link to put it
          under that link.
        </p>
      ) : null}
      {menu.tree.length === 0 ? (
        <p>This menu has no links yet.</p>
      ) : (
        <MenuList
          nodes={menu.tree}
          parentId={null}
          depth={1}
          menu={menu}
          focus={focus}
          dragged={hasScripts ? dragged : null}
          onDragStart={hasScripts ? setDragged : null}
          onDrop={drop}
        />
      )}
      {hasScripts ? (
        <form method="post" ref={dropForm} hidden>
          <CsrfField />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="menu" value={menu.menu} />
          <input type="hidden" name="version" value={String(menu.version)} />
          <input type="hidden" name="itemId" defaultValue="" />
          <input type="hidden" name="parentId" defaultValue="" />
          <input type="hidden" name="index" defaultValue="" />
        </form>
      ) : null}
      <AddLinkForm menu={menu} />
    </section>
  );
}

type ListProps = {
  nodes: EditorNode[];
  parentId: number | null;
  depth: number;
  menu: EditorMenu;
  focus: Focus;
  dragged: number | null;
  onDragStart: ((id: number | null) => void) | null;
  onDrop: (target: { parentId: number | null; index: number }) => void;
};

function MenuList(props: ListProps) {
  const { nodes, depth } = props;
  return (
    <ol className={`navigation-editor__tree navigation-editor__tree--level-${depth}`}>
      {nodes.map((node) => (
        <MenuRow key={node.id} node={node} {...props} />
      ))}
    </ol>
  );
}

function MenuRow({ node, ...props }: ListProps & { node: EditorNode }) {
  const { nodes, parentId, depth, menu, focus, dragged, onDragStart, onDrop } = props;
  const [dropAt, setDropAt] = useState<'before' | 'after' | 'inside' | null>(null);
  const target = focusTarget(node, focus);
  const isNewTab = node.target === 'B';
  const focusRef = useRef<HTMLElement | null>(null);
  // Browsers apply autofocus only in some cases (never when the address has a #target): once scripts run, make sure.
  useEffect(() => {
    if (target) focusRef.current?.focus();
  }, [target]);

  const placeOf = (event: DragEvent<HTMLDivElement>): 'before' | 'after' | 'inside' => {
    const box = event.currentTarget.getBoundingClientRect();
    const canNest = depth < menu.maxDepth && dragged !== node.id;
    if (canNest && event.clientX > box.left + box.width / 2) return 'inside';
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };
  const dropHandlers =
    onDragStart && dragged !== null && dragged !== node.id
      ? {
          onDragOver: (event: DragEvent<HTMLDivElement>) => {
            event.preventDefault();
            setDropAt(placeOf(event));
          },
          onDragLeave: () => setDropAt(null),
          onDrop: (event: DragEvent<HTMLDivElement>) => {
            event.preventDefault();
            const place = placeOf(event);
            setDropAt(null);
            if (place === 'inside') {
              onDrop({ parentId: node.id, index: node.children.length });
              return;
            }
            // The index among the siblings once the dragged link has left them.
            const siblings = nodes.map((sibling) => sibling.id).filter((id) => id !== dragged);
            const at = siblings.indexOf(node.id) + (place === 'after' ? 1 : 0);
            onDrop({ parentId, index: at });
          },
        }
      : {};

  return (
    <li className="navigation-editor__item" data-menu-item={node.name}>
      <div
        className={`navigation-editor__row${dropAt ? ` navigation-editor__row--drop-${dropAt}` : ''}${
          dragged === node.id ? ' navigation-editor__row--dragged' : ''
        }`}
        {...dropHandlers}
      >
        {onDragStart ? (
          <span
            className="navigation-editor__handle"
            draggable
            aria-hidden="true"
            title="Drag to move"
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(node.id));
              onDragStart(node.id);
            }}
            onDragEnd={() => onDragStart(null)}
          >
            ⠿
          </span>
        ) : null}
        <span className="navigation-editor__link">
          <strong>{node.name}</strong> <code>{node.url}</code>
          {isNewTab ? <span className="navigation-editor__tag">opens in a new tab</span> : null}
        </span>
        <span className="navigation-editor__actions">
          <a
            className="admin-button admin-button--secondary"
            href={`/admin/menus/items/${node.id}`}
            aria-label={`Edit: ${node.name}`}
            ref={target === 'edit' ? (element) => void (focusRef.current = element) : undefined}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns here when no move is left to offer
            autoFocus={target === 'edit'}
          >
            Edit
          </a>
          <form method="post" className="navigation-editor__moves">
            <CsrfField />
            <input type="hidden" name="menu" value={menu.menu} />
            <input type="hidden" name="version" value={String(menu.version)} />
            <input type="hidden" name="itemId" value={String(node.id)} />
            {MOVE_BUTTONS.filter((button) => node.moves[button.intent]).map((button) => (
              <button
                key={button.intent}
                type="submit"
                name="intent"
                value={button.intent}
                className="admin-button admin-button--secondary"
                aria-label={`${button.label}: ${node.name}`}
                ref={target === button.intent ? (element) => void (focusRef.current = element) : undefined}
                // Back after the page reloads, so the keyboard carries on from the same button.
                // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns to the button that was pressed
                autoFocus={target === button.intent}
              >
                {button.label}
              </button>
            ))}
            <button
              type="submit"
              name="intent"
              value="remove"
              className="admin-button admin-button--secondary"
              aria-label={
                node.children.length > 0
                  ? `Remove: ${node.name} and its ${node.children.length} sub-links`
                  : `Remove: ${node.name}`
              }
            >
              Remove
            </button>
          </form>
        </span>
      </div>
      {node.children.length > 0 ? (
        <MenuList {...props} nodes={node.children} parentId={node.id} depth={depth + 1} />
      ) : null}
    </li>
  );
}

function AddLinkForm({ menu }: { menu: EditorMenu }) {
  const formId = `add-${menu.menu}`;
  const lastResult = replyFor(useActionData(), formId);
  const form = useSchemaForm({ id: formId, schema: menuLinkSchema, lastResult });
  const ids = {
    name: `${formId}-name`,
    url: `${formId}-url`,
    newTab: `${formId}-new-tab`,
    parentId: `${formId}-parent`,
    form: `${formId}-name`,
  };
  const parents = menu.maxDepth > 1 ? menu.tree : [];
  return (
    <form method="post" {...form.formProps} className="navigation-editor__add">
      <h3>Add a link to the {MENU_LABELS[menu.menu].title.toLowerCase()}</h3>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} fieldIds={ids} />
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="menu" value={menu.menu} />
      <input type="hidden" name="version" value={String(menu.version)} />
      <TextField
        id={ids.name}
        name="name"
        label="Link text"
        defaultValue={form.values.name ?? ''}
        maxLength={60}
        autoComplete="off"
        error={form.errorFor('name')}
      />
      <TextField
        id={ids.url}
        name="url"
        label="Link to"
        hint="A page of this site (start typing to choose one, like /search) or a web address starting with https://"
        list="site-pages"
        defaultValue={form.values.url ?? ''}
        spellCheck={false}
        autoComplete="off"
        error={form.errorFor('url')}
      />
      {parents.length > 0 ? (
        <SelectField
          id={ids.parentId}
          name="parentId"
          label="Where"
          defaultValue={form.values.parentId ?? ''}
          options={[
            { value: '', label: 'At the top level' },
            ...parents.map((parent) => ({ value: String(parent.id), label: `Under “${parent.name}”` })),
          ]}
          error={form.errorFor('parentId')}
        />
      ) : null}
      <CheckboxField
        id={ids.newTab}
        name="newTab"
        label="Open in a new tab"
        defaultChecked={form.values.newTab === 'on'}
      />
      <button type="submit" className="admin-button" disabled={form.isPending}>
        Add link
      </button>
    </form>
  );
}

/** /admin/menus/items/:id: one link's text, address and new-tab choice. */
export function MenuLinkForm({
  menu,
  version,
  item,
  pages,
}: {
  menu: MenuName;
  version: number;
  item: { id: number; name: string; url: string; target: 'S' | 'B' };
  pages: LinkablePage[];
}) {
  const lastResult = replyFor(useActionData(), 'edit-link');
  const form = useSchemaForm({ id: 'edit-link', schema: menuLinkSchema, lastResult });
  const posted = lastResult !== null;
  return (
    <form method="post" {...form.formProps} className="navigation-editor__add">
      <h2>The link</h2>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} fieldIds={{ form: 'field-name' }} />
      <SitePagesList id="site-pages" pages={pages} />
      <CsrfField />
      <input type="hidden" name="menu" value={menu} />
      <input type="hidden" name="version" value={String(version)} />
      <input type="hidden" name="itemId" value={String(item.id)} />
      <TextField
        name="name"
        label="Link text"
        defaultValue={posted ? (form.values.name ?? '') : item.name}
        maxLength={60}
        autoComplete="off"
        error={form.errorFor('name')}
      />
      <TextField
        name="url"
        label="Link to"
        hint="A page of this site (start typing to choose one, like /search) or a web address starting with https://"
        list="site-pages"
        defaultValue={posted ? (form.values.url ?? '') : item.url}
        spellCheck={false}
        autoComplete="off"
        error={form.errorFor('url')}
      />
      <CheckboxField
        name="newTab"
        label="Open in a new tab"
        defaultChecked={posted ? form.values.newTab === 'on' : item.target === 'B'}
      />
      <button type="submit" className="admin-button" disabled={form.isPending}>
        Save link
      </button>{' '}
      <a href={`/admin/menus#menu-${menu}`}>Back to the menus</a>
    </form>
  );
}
