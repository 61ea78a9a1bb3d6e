import { render, screen } from '@testing-library/react';
import { setLanguage } from 'shared';
import '../i18n';
import { ArticleStatusIcon } from './ArticleStatusIcon';

// Issue 15: a Scheduled row has its own icon, and its label says when it goes out in the user's zone (UTC in the tests).
describe('ArticleStatusIcon', () => {
  afterEach(() => setLanguage('en'));

  it('an Unpublished article whose publish_up is ahead: the clock, with its time', () => {
    render(<ArticleStatusIcon article={{ state: 0, publish_up: '2099-05-01T10:30:00.000Z' }} />);
    const icon = screen.getByRole('img', { name: /^Scheduled: goes out / });
    expect(icon).toHaveAttribute('data-status', 'scheduled');
    expect(icon.getAttribute('aria-label')?.replace(/\s+/g, ' ')).toBe('Scheduled: goes out May 1, 2099, 10:30 AM');
    expect(icon).toHaveAttribute('title', icon.getAttribute('aria-label'));
  });

  it('in German', () => {
    setLanguage('de');
    render(<ArticleStatusIcon article={{ state: 0, publish_up: '2099-05-01T10:30:00.000Z' }} />);
    expect(screen.getByRole('img', { name: 'Geplant: erscheint 01.05.2099, 10:30' })).toHaveAttribute('data-status', 'scheduled');
  });

  it('once publish_up has passed it is Unpublished again (the minus), and other states keep their icons', () => {
    render(
      <>
        <ArticleStatusIcon article={{ state: 0, publish_up: '2000-05-01T10:30:00.000Z' }} />
        <ArticleStatusIcon article={{ state: 1, publish_up: '2099-05-01T10:30:00.000Z' }} />
        <ArticleStatusIcon article={{ state: 5, publish_up: '2099-05-01T10:30:00.000Z' }} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Unpublished' })).toHaveAttribute('data-status', 'other');
    expect(screen.getByRole('img', { name: 'Published' })).toHaveAttribute('data-status', 'published');
    expect(screen.getByRole('img', { name: 'Draft' })).toHaveAttribute('data-status', 'draft');
  });
});
