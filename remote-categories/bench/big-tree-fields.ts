/**
 * The fields that list every category, measured in `npm run bench:categories` after the categories
 * screen (same product start, same 2,000+ categories, Chromium):
 * - the article list's category filter: from the click to the first option shown (open), and from a
 *   key to the next frame while typing a title (per key), with the options mounted;
 * - the editors' topic picker (importer form): typing a title into its search and ticking the match,
 *   from the first key to the box ticked (the user's time, typing at full speed).
 * Timed from this process through Playwright (each figure includes a round trip to the browser).
 */
import type { Page } from 'playwright-core';
import { visible } from '../../e2e/support';

const TYPED = 'generated leaf 1234';
const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export interface FieldFigures {
  openMs: number[];
  keyMs: number[];
  optionsMounted: number;
  pickerFindAndTickMs: number[];
}

async function categoryFilter(page: Page, base: string, runs: number, figures: FieldFigures): Promise<void> {
  await page.goto(`${base}/articles`);
  const box = page.getByRole('combobox', { name: 'Category', exact: true });
  await visible(box);
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await box.click();
    await page.locator('.ant-select-item-option').first().waitFor();
    await page.evaluate(frame);
    figures.openMs.push(performance.now() - start);
    figures.optionsMounted = await page.locator('.ant-select-item-option').count();
    for (const key of TYPED) {
      const keyStart = performance.now();
      await page.keyboard.type(key);
      await page.evaluate(frame);
      figures.keyMs.push(performance.now() - keyStart);
    }
    await page.locator('.ant-select-item-option[title^="Generated leaf 1234 ("]').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-item-option').first().waitFor({ state: 'hidden' });
  }
}

async function topicPicker(page: Page, base: string, runs: number, figures: FieldFigures): Promise<void> {
  for (let run = 0; run < runs; run += 1) {
    await page.goto(`${base}/import/new`);
    const search = page.getByRole('searchbox', { name: 'Find a topic', exact: true });
    await visible(search);
    const start = performance.now();
    await search.pressSequentially(TYPED);
    const match = page.getByRole('checkbox', { name: /^Select Generated leaf 1234 in / });
    await match.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="picker-matches"] .ant-checkbox-checked') !== null);
    figures.pickerFindAndTickMs.push(performance.now() - start);
  }
}

export async function measureBigTreeFields(page: Page, base: string, runs: number): Promise<FieldFigures> {
  const figures: FieldFigures = { openMs: [], keyMs: [], optionsMounted: 0, pickerFindAndTickMs: [] };
  await categoryFilter(page, base, runs, figures);
  await topicPicker(page, base, runs, figures);
  return figures;
}
