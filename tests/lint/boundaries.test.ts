/**
 * The import-boundary lint rule on fixture source text: each upward or sideways import the architecture forbids is
 * an error under the project's own ESLint configuration, and the legal imports beside them pass.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'doorstep/import-boundaries';

/** The boundary messages ESLint gives for `code` saved at `filePath` (relative to the repository). */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  const messages = result?.messages ?? [];
  // Fixture files do not exist on disk; anything but the boundary rule (unused imports and so on) is irrelevant.
  return messages.filter((message) => message.ruleId === RULE || message.fatal);
}

describe('import boundaries', () => {
  it('refuses a component importing a feature', async () => {
    const errors = await boundaryErrors(
      'app/components/fixture-banner.tsx',
      "import { readConsentStatus } from '../features/consent/index.ts';\nexport const read = readConsentStatus;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.severity).toBe(2);
    expect(errors[0]?.message).toContain("must not import feature 'consent'");
  });

  it('refuses a component importing a feature through the ~ alias', async () => {
    const errors = await boundaryErrors(
      'app/components/fixture-banner.tsx',
      "export { SiteHeader } from '~/features/site/index.ts';\n",
    );
    expect(errors.map((error) => error.ruleId)).toEqual([RULE]);
  });

  it('refuses a feature importing a route or the document module', async () => {
    const errors = await boundaryErrors(
      'app/features/search/fixture.ts',
      [
        "import { loader } from '../../routes/public/search.tsx';",
        "import type { RootData } from '../../root.tsx';",
        'export const parts = [loader] as unknown as RootData[];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors.every((error) => error.severity === 2 && error.message.includes('a route'))).toBe(true);
  });

  it("refuses a feature reaching into another feature's private file", async () => {
    const errors = await boundaryErrors(
      'app/features/saved/fixture.ts',
      "import { toQueryParams } from '../search/search-codec.ts';\nexport const encode = toQueryParams;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.severity).toBe(2);
    expect(errors[0]?.message).toContain("a private file of feature 'search'");
  });

  it('refuses a feature importing a feature above it (the direction that would make a cycle)', async () => {
    const errors = await boundaryErrors(
      'app/features/search/fixture.ts',
      "import { SaveablePropertyCard } from '../saved/index.ts';\nexport const card = SaveablePropertyCard;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("Feature 'search' must not import feature 'saved'");
  });

  it('refuses lib importing a component', async () => {
    const errors = await boundaryErrors(
      'app/lib/fixture.ts',
      "import { showToast } from '../components/toast.tsx';\nexport const show = showToast;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('accepts the legal imports', async () => {
    const featureCode = [
      "import { toQueryParams } from '../search/index.ts';",
      "import { getSiteChrome } from '../site/index.server.ts';",
      "import { showToast } from '../../components/toast.tsx';",
      "import { readStoredJson } from '../../lib/browser-storage.ts';",
      "import { properties } from '../../../db/schema/index.ts';",
      "import { SavePropertyToggle } from './save-property-toggle.tsx';",
      'export const parts = [toQueryParams, getSiteChrome, showToast, readStoredJson, properties, SavePropertyToggle];',
      '',
    ].join('\n');
    expect(await boundaryErrors('app/features/saved/fixture.ts', featureCode)).toEqual([]);

    const routeCode = [
      "import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';",
      "import { Modal } from '../../components/modal.tsx';",
      'export const parts = [SaveablePropertyCard, Modal];',
      '',
    ].join('\n');
    expect(await boundaryErrors('app/routes/public/fixture.tsx', routeCode)).toEqual([]);

    const componentCode = "import { useIsHydrated } from './use-is-hydrated.ts';\nexport const hook = useIsHydrated;\n";
    expect(await boundaryErrors('app/components/fixture.tsx', componentCode)).toEqual([]);
  });
});
