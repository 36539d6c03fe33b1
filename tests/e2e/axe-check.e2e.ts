/**
 * The accessibility check every journey relies on is itself checked: on a page that passes, planted faults of three
 * kinds (an unlabelled field, text too faint to read, two touch targets too small and too close) are each reported.
 */
import { expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

it('reports an unlabelled field, low contrast and small touch targets on a page that passed before', async () => {
  const page = await newPage();
  await page.goto('/');
  await expectNoAxeViolations(page);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(document.createElement('input'));
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.cssText = 'color: #eee; background: #fff';
    main.append(faint);
    for (const [name, left] of [
      ['First', 300],
      ['Second', 310],
    ] as const) {
      const button = document.createElement('button');
      button.setAttribute('aria-label', name);
      button.style.cssText = `position: absolute; top: 300px; left: ${left}px; width: 8px; height: 8px; padding: 0`;
      document.body.append(button);
    }
  });
  const reported = await expectNoAxeViolations(page).then(
    () => [],
    (error: { actual?: { id: string }[] }) => (error.actual ?? []).map((violation) => violation.id),
  );
  expect(reported.sort()).toEqual(['color-contrast', 'label', 'target-size']);
});
