import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shared';
import { BuildFooter, buildFooterDe, buildFooterEn } from './BuildFooter';

describe('BuildFooter', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('shows the remote and the label it is given', () => {
    render(<BuildFooter remote="remote-articles" label="1.2.3" />);
    const footer = screen.getByTestId('build-label');
    expect(footer).toHaveTextContent('remote-articles · build 1.2.3');
    expect(footer).toHaveAttribute('data-remote', 'remote-articles');
  });

  it('shows the build label of the app it is built into when it is given none', () => {
    const before = process.env.NEWSDESK_BUILD_LABEL;
    process.env.NEWSDESK_BUILD_LABEL = '2.0.0-rc1';
    try {
      render(<BuildFooter remote="remote-categories" />);
    } finally {
      if (before === undefined) delete process.env.NEWSDESK_BUILD_LABEL;
      else process.env.NEWSDESK_BUILD_LABEL = before;
    }
    expect(screen.getByTestId('build-label')).toHaveTextContent('remote-categories · build 2.0.0-rc1');
  });

  it('has the same text in German', async () => {
    expect(buildFooterDe).toEqual(buildFooterEn);
    await act(() => setLanguage('de'));
    render(<BuildFooter remote="remote-importers" label="dev" />);
    expect(screen.getByTestId('build-label')).toHaveTextContent('remote-importers · build dev');
  });
});
