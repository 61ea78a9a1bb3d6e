// What the German UI must never show: a text of the English tables. Read from the product's own
// tables at run time, so every text added later (a feature's locales, a new error code) is covered
// without touching this file: every feature's locales/en.json beside its de.json (shell, shared,
// the remotes), the API error catalogue and its labels, and antd's English locale. A text that is
// the same in both tables ("Import", "Status", a name) is allowed by being the same.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './product';

type Tree = { [key: string]: unknown };

/** The front ends' folders that hold feature locales (locales/en.json + locales/de.json). */
const LOCALE_ROOTS = [
  'shell/src',
  'shared/src',
  'remote-articles/src',
  'remote-categories/src',
  'remote-importers/src',
  'remote-admin/src',
  'remote-desk/src',
];

/**
 * English a library writes without a locale table: rc-select's clear button is labelled 'Clear'
 * unless the Select gives a label of its own.
 */
const LIBRARY_ENGLISH = ['Clear'];

/** English texts the German UI may show, with why (a short list: the tables allow the rest). */
export const ALLOWED_ENGLISH: ReadonlyArray<{ text: string; why: string }> = [
  { text: 'Newsdesk', why: 'the product name' },
  { text: 'OK', why: 'the same word in German' },
];

function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** The English texts of a pair of tables whose German differs (or is missing). */
function englishOnly(en: unknown, de: unknown): string[] {
  const german = flatten(de);
  return [...flatten(en)].filter(([key, text]) => german.get(key) !== text).map(([, text]) => text);
}

function localeFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales' && fs.existsSync(path.join(full, 'en.json'))) found.push(full);
    else found.push(...localeFolders(full));
  }
  return found;
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The catalogue's shape: `{ code: { en, de } }` (texts) or `{ table: { value: { en, de } } }` (labels). */
function catalogueEnglish(file: string): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { en, de } = node as { en?: unknown; de?: unknown };
    if (typeof en === 'string') {
      if (en !== de) out.push(en);
      return;
    }
    Object.values(node as Tree).forEach(visit);
  };
  visit(readJson(file));
  return out;
}

// antd's locales are CommonJS modules of the installed antd (jest's require, not an import: e2e is not bundled).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const antdLocale = (name: string): unknown => (require(`antd/lib/locale/${name}`) as { default: unknown }).default;

/** Every English text the German UI must not show, from the tables as they are now. */
export function englishTexts(): string[] {
  const texts = new Set<string>(LIBRARY_ENGLISH);
  for (const root of LOCALE_ROOTS) {
    for (const folder of localeFolders(path.join(ROOT, root))) {
      const de = path.join(folder, 'de.json');
      englishOnly(readJson(path.join(folder, 'en.json')), fs.existsSync(de) ? readJson(de) : {}).forEach((text) => texts.add(text));
    }
  }
  for (const file of ['api-errors.json', 'api-error-labels.json']) {
    catalogueEnglish(path.join(ROOT, 'contracts', 'src', 'errors', file)).forEach((text) => texts.add(text));
  }
  englishOnly(antdLocale('en_US'), antdLocale('de_DE')).forEach((text) => texts.add(text));
  for (const { text } of ALLOWED_ENGLISH) texts.delete(text);
  return [...texts].filter((text) => text.trim().length > 1);
}

const PLACEHOLDER = /\{\{[^}]*\}\}|\$\{[^}]*\}/g;
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface Matcher {
  english: string;
  /** A whole text shown equals it (its placeholders any text); null for a template of placeholders and signs only. */
  whole: RegExp | null;
  /** Long enough to tell inside a longer text (a sentence with a space and 12+ letters of its own). */
  inside: RegExp | null;
}

function matcher(english: string): Matcher {
  const parts = squeeze(english).split(PLACEHOLDER);
  const body = parts.map(escape).join('.+?');
  const literal = parts.join('').trim();
  return {
    english,
    // A template's own words tell it from data only when there are two of them ("Open {{record}}"
    // would take an article titled "Open day …" for English).
    whole: parts.length === 1 || (literal.match(/\p{L}{2,}/gu) ?? []).length >= 2 ? new RegExp(`^${body}$`) : null,
    inside: literal.length >= 12 && literal.includes(' ') ? new RegExp(body) : null,
  };
}

/** A text the page shows (or names an element by) that is English: what, where, and the English it matches. */
export interface EnglishFinding {
  shown: string;
  where: string;
  english: string;
}

/**
 * Every text of the page a user meets: its visible text line by line and each text node, and the
 * names and hints of its elements (aria-label, placeholder, title, alt, aria-placeholder).
 */
async function shownTexts(page: Page): Promise<Array<{ shown: string; where: string }>> {
  return page.evaluate(() => {
    const out: Array<{ shown: string; where: string }> = [];
    const body = document.body;
    for (const line of body.innerText.split('\n')) if (line.trim()) out.push({ shown: line.trim(), where: 'text' });
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (text && parent && parent.checkVisibility() && !parent.closest('script,style'))
        out.push({ shown: text, where: `text of <${parent.tagName.toLowerCase()}>` });
    }
    for (const element of Array.from(body.querySelectorAll('*'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push({ shown: value, where: `${name} of <${element.tagName.toLowerCase()}>` });
      }
    }
    return out;
  });
}

let matchers: Matcher[] | null = null;

/** The English texts the page shows ([] when none): run it on each screen and error state of the German UI. */
export async function englishOnPage(page: Page): Promise<EnglishFinding[]> {
  matchers ??= englishTexts().map(matcher);
  const findings = new Map<string, EnglishFinding>();
  for (const { shown, where } of await shownTexts(page)) {
    const text = squeeze(shown);
    const hit = matchers.find((m) => m.whole?.test(text) || m.inside?.test(text));
    if (hit && !findings.has(`${where}\u0000${text}`)) findings.set(`${where}\u0000${text}`, { shown: text, where, english: hit.english });
  }
  return [...findings.values()];
}
