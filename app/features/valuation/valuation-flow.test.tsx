import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ValuationFlow } from './valuation-flow.tsx';

const render = (isSingleStep: boolean, defaultChannel: 'selling' | 'letting' = 'selling') =>
  renderToString(
    <ValuationFlow
      isSingleStep={isSingleStep}
      defaultChannel={defaultChannel}
      botCheckConfig={{ version: 'off', siteKey: null }}
      csrfToken="token"
      onClose={() => undefined}
    />,
  );

/**
 * The single-step variant (theme setting valuationSingleStep) cannot be switched on in the end-to-end run, whose
 * database belongs to the server process; its form is checked here, and it shares the submission code (send())
 * with the multi-step flow that the e2e test drives.
 */
describe('valuation flow markup', () => {
  it('multi-step: step 1 of 3 asks for details and address, with Back and Next, no terms yet', () => {
    const html = render(false);
    expect(html).toContain('Step <!-- -->1<!-- --> of 3');
    expect(html).toContain('Your details');
    expect(html).toContain('>Next</button>');
    expect(html).toContain('>Back</button>');
    expect(html).not.toContain('name="opt_in_terms"');
    expect(html).toMatch(
      /<input[^>]*name="first_name"[^>]*autoComplete="given-name"|<input[^>]*autoComplete="given-name"[^>]*name="first_name"/,
    );
    expect(html).toContain('role="combobox"');
    expect(html).toContain('name="body"');
  });

  it('single-step: one form with details, message, terms and a submit, and no step count', () => {
    const html = render(true);
    expect(html).not.toContain('of 3');
    expect(html).toContain('Request a free valuation');
    expect(html).toContain('name="opt_in_terms"');
    expect(html).toContain('name="message"');
    expect(html).toContain('rows="8"');
    expect(html).toContain('>Request valuation</button>');
    expect(html).not.toContain('Preferred date');
  });

  it('starts on the channel it is given (letting for a lettings property)', () => {
    expect(render(false, 'letting')).toMatch(/checked="" value="letting"/);
    expect(render(false, 'selling')).toMatch(/checked="" value="selling"/);
  });
});
