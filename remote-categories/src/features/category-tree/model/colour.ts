// A category's colour (spec: categories carry a colour) drawn as text that stays readable.
// Light colours (#52c41a, #fa8c16, …) on white fail WCAG 2.1 AA (4.5:1 for normal text): the row
// keeps the colour itself as its border and swatch, and its title takes the same hue, darkened
// just enough to read.
import { FastColor } from '@ant-design/fast-color';

/** WCAG 2.1 AA contrast for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** Border and swatch of a category without a (usable) colour. */
export const NEUTRAL_COLOUR = '#d9d9d9';

/** Hex (#rgb … #rrggbbaa) or a colour name; anything else from the API is not used as CSS. */
export const isCssColour = (value: string): boolean => /^#[0-9a-f]{3,8}$/i.test(value) || /^[a-z]+$/i.test(value);

/** A CSS colour from the API, or the neutral grey for a missing/odd value. */
export function safeColour(colour: string | null | undefined): string {
  if (typeof colour !== 'string') return NEUTRAL_COLOUR;
  const value = colour.trim();
  return isCssColour(value) ? value : NEUTRAL_COLOUR;
}

/** WCAG contrast ratio of two opaque colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour of a category's title on `background`: its own colour when that reads (≥ 4.5:1),
 * else the same hue mixed with black in 1 % steps until it does (as #rrggbb); none (the normal text colour)
 * when the category has no usable colour — the neutral grey would make it look disabled.
 */
export function readableTextColour(colour: string | null | undefined, background = '#ffffff'): string | undefined {
  const value = typeof colour === 'string' ? colour.trim() : '';
  if (!isCssColour(value)) return undefined;
  // Transparency would let the background through: draw the colour as it shows on the background.
  const base = new FastColor(value).onBackground(background);
  for (let shade = 0; shade <= 100; shade += 1) {
    const candidate = base.clone().shade(shade).toHexString();
    if (contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return '#000000';
}
