/**
 * The home page editor (/admin/home-page): one form with every section in the order the page shows them, each
 * with "Show on the home page", its own settings and Move up / Move down buttons. The buttons are submit buttons
 * of the same form (they save what was typed too), so ordering works from the keyboard and without JavaScript;
 * after a move focus comes back to the same button. With scripts, sections can also be dragged, then saved.
 */
import { useState, type DragEvent } from 'react';
import { useActionData } from 'react-router';
import { CheckboxField, ErrorSummary, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import type { FormResult } from '../../lib/http/form-submission.ts';
import {
  HOME_SECTION_KINDS,
  HOME_SECTION_LABELS,
  homeLayoutSchema,
  MAX_CARDS,
  type HomeSection,
  type HomeSectionKind,
} from './home-layout.ts';
import './navigation-editor.css';

type Posted = Record<string, string | undefined>;

function replyOf(actionData: unknown): FormResult | null {
  if (!actionData || typeof actionData !== 'object') return null;
  const reply = actionData as { formId?: unknown; formResult?: FormResult };
  return reply.formId === 'home-layout' && reply.formResult ? reply.formResult : null;
}

/** What a refused post sent, section by section, to show again in the order it was sent. */
function postedSections(result: FormResult | null): Posted[] | null {
  const sections = (result?.initialValue as { sections?: unknown } | undefined)?.sections;
  if (!Array.isArray(sections)) return null;
  const list = sections.filter((entry): entry is Posted => !!entry && typeof entry === 'object');
  const kinds = list.map((entry) => entry.kind);
  return kinds.length === HOME_SECTION_KINDS.length && HOME_SECTION_KINDS.every((kind) => kinds.includes(kind))
    ? list
    : null;
}

function asPosted(section: HomeSection): Posted {
  const posted: Posted = { kind: section.kind, isVisible: section.isVisible ? 'on' : undefined };
  if ('heading' in section) posted.heading = section.heading;
  if ('text' in section) posted.text = section.text;
  if ('count' in section) posted.count = String(section.count);
  if ('buttonLabel' in section) posted.buttonLabel = section.buttonLabel;
  return posted;
}

export function HomePageForm({
  version,
  sections: saved,
  isSaved,
  moved,
}: {
  version: number;
  sections: HomeSection[];
  isSaved: boolean;
  moved: string | null;
}) {
  const lastResult = replyOf(useActionData());
  const form = useSchemaForm({ id: 'home-layout', schema: homeLayoutSchema, lastResult });
  const [order, setOrder] = useState<Posted[]>(() => postedSections(lastResult) ?? saved.map(asPosted));
  const hasScripts = useIsHydrated();
  const [dragged, setDragged] = useState<string | null>(null);
  const [movedKind, movedWay] = (moved ?? '').split(':').reverse() as [string, string];

  const dropOn = (kind: string) => {
    if (!dragged || dragged === kind) return;
    setOrder((list) => {
      const from = list.findIndex((entry) => entry.kind === dragged);
      const to = list.findIndex((entry) => entry.kind === kind);
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setDragged(null);
  };

  return (
    <div className="navigation-editor">
      {isSaved ? (
        <p className="admin-notice" role="status">
          The home page has been saved. The public site shows it now.
        </p>
      ) : null}
      {moved && movedKind ? (
        <p className="admin-notice" role="status">
          {HOME_SECTION_LABELS[movedKind as HomeSectionKind] ?? 'The section'} moved {movedWay === 'up' ? 'up' : 'down'}
          . The public site shows the new order now.
        </p>
      ) : null}
      <form method="post" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="version" value={String(version)} />
        {/* First in the form, so Enter in a field saves rather than pressing the first section's Move down. */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <h2 id="home-sections-title" tabIndex={-1}>
          Sections, in the order the home page shows them
        </h2>
        <ErrorSummary errors={form.errors} focusKey={form.focusKey} fieldIds={{ form: 'home-sections-title' }} />
        {hasScripts ? (
          <p className="navigation-editor__hint">
            Drag a section by its handle to move it, then save; or use its Move up and Move down buttons.
          </p>
        ) : null}
        <ol className="navigation-editor__sections">
          {order.map((section, index) => {
            const kind = section.kind as HomeSectionKind;
            const name = (field: string) => `sections[${index}].${field}`;
            const id = (field: string) => `home-${kind}-${field}`;
            const error = (field: string) => form.errorFor(name(field));
            const focusHere = movedKind === kind;
            const dragProps =
              hasScripts && dragged && dragged !== kind
                ? {
                    onDragOver: (event: DragEvent<HTMLLIElement>) => event.preventDefault(),
                    onDrop: (event: DragEvent<HTMLLIElement>) => {
                      event.preventDefault();
                      dropOn(kind);
                    },
                  }
                : {};
            return (
              <li key={kind} className="navigation-editor__section" data-section={kind} {...dragProps}>
                <fieldset>
                  <legend>
                    {hasScripts ? (
                      <span
                        className="navigation-editor__handle"
                        draggable
                        aria-hidden="true"
                        title="Drag to move"
                        onDragStart={(event) => {
                          event.dataTransfer.effectAllowed = 'move';
                          event.dataTransfer.setData('text/plain', kind);
                          setDragged(kind);
                        }}
                        onDragEnd={() => setDragged(null)}
                      >
                        ⠿
                      </span>
                    ) : null}
                    {index + 1}. {HOME_SECTION_LABELS[kind]}
                  </legend>
                  <input type="hidden" name={name('kind')} value={kind} />
                  <CheckboxField
                    id={id('visible')}
                    name={name('isVisible')}
                    label="Show on the home page"
                    defaultChecked={section.isVisible === 'on'}
                  />
                  {section.heading !== undefined ? (
                    <TextField
                      id={id('heading')}
                      name={name('heading')}
                      label="Heading"
                      defaultValue={section.heading}
                      maxLength={80}
                      error={error('heading')}
                    />
                  ) : null}
                  {section.text !== undefined ? (
                    <TextAreaField
                      id={id('text')}
                      name={name('text')}
                      label={kind === 'hero' ? 'Text under the heading (optional)' : 'Text (optional)'}
                      defaultValue={section.text}
                      rows={3}
                      maxLength={300}
                      error={error('text')}
                    />
                  ) : null}
                  {section.count !== undefined ? (
                    <TextField
                      id={id('count')}
                      name={name('count')}
                      label={`How many cards (1 to ${MAX_CARDS})`}
                      defaultValue={section.count}
                      inputMode="numeric"
                      maxLength={2}
                      error={error('count')}
                    />
                  ) : null}
                  {section.buttonLabel !== undefined ? (
                    <TextField
                      id={id('button')}
                      name={name('buttonLabel')}
                      label="Button text (the button opens the valuation form)"
                      defaultValue={section.buttonLabel}
                      maxLength={40}
                      error={error('buttonLabel')}
                    />
                  ) : null}
                  <div className="navigation-editor__section-moves">
                    {index > 0 ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`up:${kind}`}
                        className="admin-button admin-button--secondary"
                        aria-label={`Move up: ${HOME_SECTION_LABELS[kind]}`}
                        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns to the button that was pressed
                        autoFocus={focusHere && (movedWay === 'up' || index === order.length - 1)}
                      >
                        Move up
                      </button>
                    ) : null}
                    {index < order.length - 1 ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`down:${kind}`}
                        className="admin-button admin-button--secondary"
                        aria-label={`Move down: ${HOME_SECTION_LABELS[kind]}`}
                        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns to the button that was pressed
                        autoFocus={focusHere && (movedWay === 'down' || index === 0)}
                      >
                        Move down
                      </button>
                    ) : null}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <button type="submit" name="intent" value="save" className="admin-button" disabled={form.isPending}>
          Save the home page
        </button>
      </form>
    </div>
  );
}
