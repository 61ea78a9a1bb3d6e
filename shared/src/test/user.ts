import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * userEvent for antd screens under jsdom: keys and clicks without a pause between them, and without
 * the `pointer-events` check up the element's ancestors on every pointer action. jsdom computes each
 * check against all of antd's style sheets (a third of a screen test's time, measured), and it has
 * no hit-testing, so the check never saw a covered element anyway.
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
