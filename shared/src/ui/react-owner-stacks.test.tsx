import { render, screen } from '@testing-library/react';
import { createElement } from 'react';

// jest.setup.frontend.ts holds React's count of recorded owner stacks at its limit for every
// front-end test (recording one per element was a quarter of a screen test's CPU time).
test('React records no owner stack per element in tests and still renders and warns', () => {
  const stackOf = (element: unknown) => (element as { _debugStack?: unknown })._debugStack;
  // Past its limit React gives every element one shared "unknown owner" stack (one per entry point:
  // createElement, and the JSX runtime); recording would make one per element.
  expect(stackOf(createElement('div'))).toBeDefined();
  expect(stackOf(createElement('div'))).toBe(stackOf(createElement('span')));
  expect(stackOf(<div />)).toBeDefined();
  expect(stackOf(<div />)).toBe(stackOf(<span />));

  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    render(
      <ul>
        {['a', 'b'].map((name) => (
          <li>{name}</li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(errors.mock.calls.some((args) => String(args[0]).includes('unique "key" prop'))).toBe(true);
  } finally {
    errors.mockRestore();
  }
});
