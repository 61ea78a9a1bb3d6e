import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from 'shared';
import { RemoteError } from './RemoteError';

beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../i18n/i18n').registerShellTranslations();
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

const SKEW = [
  { module: 'shared', required: '^0.2.0', provided: '0.1.0' },
  { module: 'react', required: '^18.2.0', provided: '19.3.1' },
];

describe('RemoteError', () => {
  test('a remote refused for version skew says which module in which version, in English, with Retry', () => {
    const onRetry = jest.fn();
    render(<RemoteError remote="remote_categories" skew={SKEW} onRetry={onRetry} />);
    expect(screen.getByTestId('remote-error')).toHaveAttribute('data-skew', 'true');
    expect(screen.getByText('remote_categories does not fit this version of Newsdesk and was not loaded:')).toBeInTheDocument();
    expect(screen.getByText('remote_categories needs shared ^0.2.0; Newsdesk has 0.1.0.')).toBeInTheDocument();
    expect(screen.getByText('remote_categories needs react ^18.2.0; Newsdesk has 19.3.1.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('and in German', async () => {
    await act(() => setLanguage('de'));
    render(<RemoteError remote="remote_categories" skew={SKEW} onRetry={jest.fn()} />);
    expect(screen.getByText('remote_categories passt nicht zu dieser Version von Newsdesk und wurde nicht geladen:')).toBeInTheDocument();
    expect(screen.getByText('remote_categories benötigt shared ^0.2.0; Newsdesk hat 0.1.0.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  test('any other failure keeps the general text and the details', () => {
    render(<RemoteError remote="remote_admin" message="no answer within 8 s" onRetry={jest.fn()} />);
    expect(screen.getByTestId('remote-error')).not.toHaveAttribute('data-skew');
    expect(screen.getByText(/The part of Newsdesk that shows this screen \(remote_admin\)/)).toBeInTheDocument();
    expect(screen.getByText(/no answer within 8 s/)).toBeInTheDocument();
  });
});
