import theme from 'antd/es/theme';
import { TOKENS } from './styles';
import { newsdeskTheme } from './theme';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

// The tokens every antd component of the shell and the remotes is drawn with.
const token = theme.getDesignToken(newsdeskTheme);
const WHITE = '#ffffff';

describe('the Newsdesk theme reads at WCAG AA (4.5:1) wherever antd draws text in its colours', () => {
  test.each([
    ['white label on a primary button', WHITE, token.colorPrimary],
    ['white label on a hovered primary button', WHITE, token.colorPrimaryHover],
    ['white label on a pressed primary button', WHITE, token.colorPrimaryActive],
    ['brand-coloured text (links, outlined and hovered buttons) on white', token.colorPrimaryHover, WHITE],
    ['a link on white', token.colorLink, WHITE],
    ['a hovered link on white', token.colorLinkHover, WHITE],
    ['a form error on white', token.colorError, WHITE],
    ['white label on a danger button', WHITE, token.colorError],
    ['white label on a hovered danger button', WHITE, token.colorErrorHover],
    ['error text on the error background (tags, alerts)', token.colorError, token.colorErrorBg],
    ['success text on the success background (tags)', token.colorSuccess, token.colorSuccessBg],
    ['muted text on white', token.colorTextDescription, WHITE],
  ])('%s', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  test("the shell's antd-free pages (login) use the same colours", () => {
    expect(TOKENS.colorPrimary).toBe(token.colorPrimary);
    expect(TOKENS.colorPrimaryHover).toBe(token.colorPrimaryHover);
    expect(TOKENS.colorPrimaryActive).toBe(token.colorPrimaryActive);
    expect(TOKENS.colorError).toBe(token.colorError);
    expect(TOKENS.colorErrorBg).toBe(token.colorErrorBg);
    expect(TOKENS.colorErrorBorder).toBe(token.colorErrorBorder);
  });
});
