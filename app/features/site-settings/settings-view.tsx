/**
 * The theme colours form (/admin/settings). Each colour is a hex text field (what the form posts, so it works
 * without JavaScript) with a colour picker beside it once scripts run. The contrast table is worked out as the owner
 * types, with the same pairs and arithmetic the schema refuses a save with.
 */
import { useState } from 'react';
import { ErrorSummary, fieldId, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { contrastRatio, formatRatio, normaliseHex } from './colour-contrast.ts';
import {
  COLOUR_LABELS,
  CONTRAST_PAIRS,
  EDITABLE_COLOURS,
  MINIMUM_CONTRAST,
  themeColoursSchema,
  type EditableColourName,
} from './settings-model.ts';
import './settings.css';

type Colours = Record<EditableColourName, string>;

export function ThemeColoursForm({
  version,
  colours: saved,
  isSaved,
}: {
  version: number;
  colours: Colours;
  isSaved: boolean;
}) {
  const form = useSchemaForm({ id: 'theme-colours', schema: themeColoursSchema });
  const [colours, setColours] = useState<Colours>(() => {
    const posted = form.values;
    const start = { ...saved };
    for (const name of EDITABLE_COLOURS) {
      const value = posted[name];
      if (typeof value === 'string') start[name] = value;
    }
    return start;
  });
  // The pickers need scripts to follow the text fields, so they appear only once scripts run.
  const hasScripts = useIsHydrated();
  const setColour = (name: EditableColourName, value: string) => setColours((now) => ({ ...now, [name]: value }));
  const failing = CONTRAST_PAIRS.filter((pair) => {
    const ratio = contrastRatio(colours[pair.foreground], colours[pair.background]);
    return ratio !== null && ratio < MINIMUM_CONTRAST;
  }).length;

  return (
    <div className="site-settings">
      {isSaved ? (
        <p className="admin-notice" role="status">
          The colours have been saved. The public site shows them now.
        </p>
      ) : null}
      <h2>Colours</h2>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" {...form.formProps} className="site-settings__form">
        <CsrfField />
        <input type="hidden" name="version" value={String(version)} />
        <div className="site-settings__colours">
          {EDITABLE_COLOURS.map((name) => (
            <div className="site-settings__colour" key={name}>
              <TextField
                name={name}
                label={COLOUR_LABELS[name]}
                value={colours[name]}
                onChange={(event) => setColour(name, event.currentTarget.value)}
                spellCheck={false}
                autoComplete="off"
                maxLength={7}
                placeholder="#000000"
                error={form.errorFor(name)}
              />
              {hasScripts ? (
                <input
                  type="color"
                  className="site-settings__picker"
                  aria-label={`${COLOUR_LABELS[name]}: picker`}
                  aria-controls={fieldId(name)}
                  value={normaliseHex(colours[name]) ?? '#000000'}
                  onChange={(event) => setColour(name, event.currentTarget.value)}
                />
              ) : null}
            </div>
          ))}
        </div>

        <h2 id="contrast-heading">Contrast</h2>
        <p>
          Text must stand out from its background: WCAG AA asks for a ratio of at least {MINIMUM_CONTRAST}:1 for normal
          text. A save with a pair below that is refused.
        </p>
        <p className="site-settings__contrast-summary" aria-live="polite">
          {failing === 0
            ? 'Every pair meets WCAG AA.'
            : `${failing} ${failing === 1 ? 'pair is' : 'pairs are'} below WCAG AA.`}
        </p>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus (WCAG 2.1.1) */}
        <div className="admin-table-wrap" role="region" aria-labelledby="contrast-heading" tabIndex={0}>
          <table className="admin-table" aria-labelledby="contrast-heading">
            <thead>
              <tr>
                <th scope="col">Used for</th>
                <th scope="col">Text</th>
                <th scope="col">Background</th>
                <th scope="col">Ratio</th>
              </tr>
            </thead>
            <tbody>
              {CONTRAST_PAIRS.map((pair) => {
                const ratio = contrastRatio(colours[pair.foreground], colours[pair.background]);
                const verdict =
                  ratio === null ? 'not a colour' : ratio >= MINIMUM_CONTRAST ? 'meets AA' : 'below AA: refused';
                return (
                  <tr key={`${pair.foreground}-${pair.background}`} data-pair={`${pair.foreground}-${pair.background}`}>
                    <td>{pair.use}</td>
                    <td>
                      {COLOUR_LABELS[pair.foreground]} {colours[pair.foreground]}
                    </td>
                    <td>
                      {COLOUR_LABELS[pair.background]} {colours[pair.background]}
                    </td>
                    <td className={ratio !== null && ratio >= MINIMUM_CONTRAST ? undefined : 'site-settings__refused'}>
                      {ratio === null ? '' : `${formatRatio(ratio)}:1, `}
                      {verdict}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <button type="submit" className="admin-button" disabled={form.isPending}>
          Save colours
        </button>
      </form>
    </div>
  );
}
