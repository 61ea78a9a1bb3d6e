import { render, screen, waitFor } from '@testing-library/react';
import { setLanguage } from 'shared';
import { setupUser } from 'shared/test/user';
import { CategoryFilterSelect } from './CategoryFilterSelect';

// 2,047 categories as in a large newsroom: 7 sections × 12 desks × 24 beats (+ the root), the beat
// titles repeated in every desk so that only the path tells them apart.
const tree = [
  {
    id: 1,
    title: 'Portal',
    subcategories: Array.from({ length: 7 }, (_, s) => ({
      id: 100 + s,
      title: `Section ${s}`,
      subcategories: Array.from({ length: 12 }, (_, d) => ({
        id: 1000 + s * 100 + d,
        title: `Desk ${s}.${d}`,
        subcategories: Array.from({ length: 24 }, (_, b) => ({
          id: 100_000 + s * 10_000 + d * 100 + b,
          title: b === 5 ? 'Harbour' : `Beat ${b}`,
        })),
      })),
    })),
  },
];

const shownOptions = () => Array.from(document.querySelectorAll('.ant-select-item-option'));

afterEach(async () => {
  await setLanguage('en');
});

describe('CategoryFilterSelect', () => {
  it('mounts a screenful of 2,047 categories (virtual list) and finds titles with their path', async () => {
    const user = setupUser();
    const onChange = jest.fn();
    render(<CategoryFilterSelect value="" categoryTree={tree} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Category' });
    await user.click(box);
    await waitFor(() => expect(shownOptions().length).toBeGreaterThan(0));
    expect(shownOptions().length).toBeLessThan(100);

    await user.type(box, 'harb');
    // 84 desks have a "Harbour": the path says which is which.
    await waitFor(() => expect(shownOptions()[0]).toHaveAttribute('title', 'Harbour (Portal › Section 0 › Desk 0.0)'));
    expect(shownOptions().every((item) => item.getAttribute('title')?.startsWith('Harbour ('))).toBe(true);
    expect(screen.queryByText('All Categories', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'desk 6.11');
    const hit = await waitFor(() => {
      const [only, ...rest] = shownOptions();
      expect(rest).toHaveLength(0);
      expect(only).toHaveAttribute('title', 'Desk 6.11 (Portal › Section 6)');
      return only as HTMLElement;
    });
    await user.click(hit);
    expect(onChange).toHaveBeenCalledWith(String(1000 + 6 * 100 + 11));
  });

  it('speaks German', async () => {
    await setLanguage('de');
    render(<CategoryFilterSelect value="" categoryTree={tree} onChange={jest.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toBeInTheDocument();
    expect(screen.getByText('Alle Kategorien')).toBeInTheDocument();
  });
});
