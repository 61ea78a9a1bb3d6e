import { render, screen } from '@testing-library/react';
import '../i18n';
import { ArticlePreview } from './ArticlePreview';

describe('ArticlePreview reference date (spec section 5: placeholders mean no date)', () => {
  it.each(['1970-01-01', '0000-00-00', '1970-01-01 00:00:00', '0000-00-00 00:00:00', ''])('%p shows no date and no references', (date) => {
    render(<ArticlePreview values={{ title: 'T', reference_date: date }} />);
    expect(screen.queryByTestId('preview-reference-date')).toBeNull();
    expect(screen.queryByText('References')).toBeNull();
  });

  it('a real date shows, written as a day', () => {
    render(<ArticlePreview values={{ title: 'T', reference_date: '2024-05-01' }} />);
    expect(screen.getByTestId('preview-reference-date')).toHaveTextContent(/May 1, 2024/);
  });
});
