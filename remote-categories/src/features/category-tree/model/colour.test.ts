import { FastColor } from '@ant-design/fast-color';
import { MIN_TEXT_CONTRAST, NEUTRAL_COLOUR, contrastRatio, readableTextColour, safeColour } from './colour';

const hueOf = (colour: string): number => new FastColor(colour).getHue();

describe('contrastRatio', () => {
  it('follows WCAG: black on white 21, a colour on itself 1, order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#1677ff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('readableTextColour', () => {
  // The demo categories' colours, which failed axe's colour-contrast rule as title text on white.
  const light = ['#52c41a', '#fa8c16', '#eb2f96', '#1677ff', '#13c2c2', '#faad14', '#fadb14', '#a0d911', 'yellow', 'lime', '#fff'];

  it.each(light)('%s: darkened to at least 4.5:1 on white, same hue', (colour) => {
    const text = readableTextColour(colour)!;
    expect(text).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Only just enough: one step lighter would not read.
    expect(contrastRatio(new FastColor(text).tint(3).toHexString(), '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST + 0.6);
    if (new FastColor(colour).getHSLSaturation() > 0) expect(Math.abs(hueOf(text) - hueOf(colour))).toBeLessThan(6);
  });

  it('keeps a colour that already reads', () => {
    expect(readableTextColour('#0e7490')).toBe('#0e7490');
    expect(readableTextColour('#000')).toBe('#000000');
    expect(readableTextColour(' #595959 ')).toBe('#595959');
  });

  it('reads on another background', () => {
    const text = readableTextColour('#52c41a', '#fafafa')!;
    expect(contrastRatio(text, '#fafafa')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('draws a translucent colour as it shows on the background', () => {
    const text = readableTextColour('#1677ff80')!;
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('no usable colour: none (the normal text colour)', () => {
    for (const value of [null, undefined, '', '   ', 'rgb(1,2,3)', 'url(x)', '#12', 'red;background:url(x)']) {
      expect(readableTextColour(value)).toBeUndefined();
    }
  });
});

describe('safeColour', () => {
  it('the colour for the border and swatch, or the neutral grey', () => {
    expect(safeColour('#52c41a')).toBe('#52c41a');
    expect(safeColour(' teal ')).toBe('teal');
    expect(safeColour(null)).toBe(NEUTRAL_COLOUR);
    expect(safeColour('expression(alert(1))')).toBe(NEUTRAL_COLOUR);
  });
});
