import { render, screen } from '@testing-library/react';
import { buildMark } from './buildMark';

describe('buildMark', () => {
  it('marks a screen with its remote and build, and shows the user nothing of it', () => {
    render(
      <div data-testid="screen" {...buildMark('remote-articles', '1.2.3')}>
        Articles
      </div>,
    );
    const root = screen.getByTestId('screen');
    expect(root).toHaveAttribute('data-remote', 'remote-articles');
    expect(root).toHaveAttribute('data-build', '1.2.3');
    expect(root).toHaveTextContent(/^Articles$/);
  });

  it('takes the build label of the app it is built into when it is given none', () => {
    const before = process.env.NEWSDESK_BUILD_LABEL;
    process.env.NEWSDESK_BUILD_LABEL = '2.0.0-rc1';
    try {
      expect(buildMark('remote-categories')).toEqual({ 'data-remote': 'remote-categories', 'data-build': '2.0.0-rc1' });
    } finally {
      if (before === undefined) delete process.env.NEWSDESK_BUILD_LABEL;
      else process.env.NEWSDESK_BUILD_LABEL = before;
    }
  });
});
