import type { Page } from 'playwright-core';

/** What is wrong with a screen's layout at the current viewport width. */
export interface LayoutProblems {
  viewportWidth: number;
  /** The document's scrollWidth: above the viewport's width, the page scrolls sideways. */
  scrollWidth: number;
  /** Pairs of visible interactive elements whose boxes intersect (described by tag, name and box). */
  overlaps: string[];
  /** Visible interactive elements cut at the left or right by the viewport or an ancestor's overflow (an ellipsis is no cut). */
  clipped: string[];
}

/**
 * Measures the page as drawn: sideways scroll, overlapping controls and controls cut off at the
 * side. Interactive elements are links, buttons, form fields and anything with an interactive role
 * or a tab stop; an element and one inside it (a checkbox's input in its label) are one control.
 * While a modal dialog or drawer is open only its content counts: what lies under the mask cannot
 * be reached.
 */
export function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const INTERACTIVE = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=treeitem]',
      '[role=combobox]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    // Two controls drawn edge to edge (antd's compact groups share a 1 px border) do not overlap.
    const TOLERANCE = 2;
    const viewportWidth = document.documentElement.clientWidth;

    const dialogs = [...document.querySelectorAll<HTMLElement>('[role=dialog][aria-modal=true]')].filter((dialog) =>
      dialog.checkVisibility({ visibilityProperty: true }),
    );
    const scope: ParentNode = dialogs.at(-1) ?? document;

    /** The part of the element's box that is drawn: cut by the viewport's sides and by every ancestor that clips. */
    const drawnBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      let { left, right, top, bottom } = box;
      left = Math.max(left, 0);
      right = Math.min(right, viewportWidth);
      let ellipsised = false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY !== 'visible';
        if (!clipsX && !clipsY) continue;
        const outer = parent.getBoundingClientRect();
        // A deliberate truncation shows itself (…, the full text on hover): not a control cut off.
        if (clipsX && style.textOverflow === 'ellipsis' && outer.right < box.right) ellipsised = true;
        if (clipsX) {
          left = Math.max(left, outer.left);
          right = Math.min(right, outer.right);
        }
        if (clipsY) {
          top = Math.max(top, outer.top);
          bottom = Math.min(bottom, outer.bottom);
        }
      }
      return { box, left, right, top, bottom, ellipsised };
    };

    const describe = (element: Element, box: DOMRect) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const test = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `<${element.tagName.toLowerCase()}${test ? ` in ${test}` : ''}> "${name}" [x ${Math.round(box.left)}-${Math.round(box.right)}, y ${Math.round(box.top)}-${Math.round(box.bottom)}]`;
    };

    const controls = [...scope.querySelectorAll(INTERACTIVE)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }) && !element.closest('[aria-hidden=true], [inert]'))
      .map((element) => ({ element, ...drawnBox(element) }))
      .filter(({ box, left, right, top, bottom }) => box.width > 0 && box.height > 0 && right - left > 0 && bottom - top > 0);

    const clipped = controls
      .filter(({ box, left, right, ellipsised }) => !ellipsised && right - left < box.width - TOLERANCE)
      .map(({ element, box }) => describe(element, box));

    const overlaps: string[] = [];
    controls.forEach((a, i) => {
      for (const b of controls.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > TOLERANCE && height > TOLERANCE) overlaps.push(`${describe(a.element, a.box)} × ${describe(b.element, b.box)}`);
      }
    });

    return { viewportWidth, scrollWidth: document.documentElement.scrollWidth, overlaps, clipped };
  });
}
