import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setLanguage } from 'shared';
import { readableTextColour } from '../model/colour';
import type { CategoryNode } from '../model/tree';
import { CategoryTreePicker } from './CategoryTreePicker';

function node(
  id: number,
  title: string,
  parent: number | null,
  level: number,
  children: CategoryNode[] = [],
  colour = '#1677ff',
): CategoryNode {
  return {
    id,
    title,
    alias: title.toLowerCase(),
    colour,
    parent_id: parent,
    level,
    leaf: children.length === 0,
    selected: false,
    enabled: 1,
    subcategories: children,
  };
}

const tree: CategoryNode[] = [
  node(8, 'Portal', null, 1, [
    node(
      100,
      'News',
      8,
      2,
      [node(101, 'World', 100, 3, [node(102, 'Europe', 101, 4), node(103, 'Americas', 101, 4)]), node(109, 'Science', 100, 3)],
      '#13c2c2',
    ),
    node(804, 'Local', 8, 2, [node(805, 'City', 804, 3, [node(806, 'Harbour', 805, 4)])]),
  ]),
];

const onChange = jest.fn();

function Harness({ initial = [] as number[], source = tree }) {
  const [selected, setSelected] = useState<number[]>(initial);
  return (
    <CategoryTreePicker
      tree={source}
      selectedIds={selected}
      onChange={(ids, main) => {
        onChange(
          ids,
          main.map((category) => category.id),
        );
        setSelected(ids);
      }}
    />
  );
}

const box = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` });
const titles = () => screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'));

beforeEach(() => onChange.mockReset());
afterEach(async () => {
  await setLanguage('en');
});

describe('CategoryTreePicker', () => {
  it('opens with the first level, plus/minus expands and collapses', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(titles()).toEqual(['Portal', 'News', 'Local']);
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    expect(titles()).toEqual(['Portal', 'News', 'World', 'Science', 'Local']);
    expect(screen.getByRole('treeitem', { name: 'News' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Collapse News' }));
    expect(titles()).toEqual(['Portal', 'News', 'Local']);
    // Leaves have no toggle.
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    expect(within(screen.getByRole('treeitem', { name: 'Science' })).queryByRole('button')).toBeNull();
  });

  it('colours the rows', () => {
    render(<Harness />);
    expect(screen.getByRole('treeitem', { name: 'News' })).toHaveStyle({ borderLeft: '4px solid #13c2c2' });
    expect(within(screen.getByRole('treeitem', { name: 'News' })).getByText('News')).toHaveStyle({ color: readableTextColour('#13c2c2') });
  });

  it('a category without a colour gets the neutral border and the normal text colour (not a disabled-looking grey)', () => {
    const plain = [node(8, 'Portal', null, 1, [node(100, 'Plain', 8, 2)])];
    plain[0]!.subcategories[0]!.colour = null;
    render(<Harness source={plain} />);
    const row = screen.getByRole('treeitem', { name: 'Plain' });
    expect(row).toHaveStyle({ borderLeft: '4px solid #d9d9d9' });
    expect(within(row).getByText('Plain').style.color).toBe('');
  });

  it('ticking a parent ticks its descendants; News becomes a main category choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box('News'));
    expect(onChange).toHaveBeenLastCalledWith([100, 101, 102, 103, 109], [100]);
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    await user.click(screen.getByRole('button', { name: 'Expand World' }));
    for (const title of ['News', 'World', 'Europe', 'Americas', 'Science']) expect(box(title)).toBeChecked();
  });

  it('ticking a leaf ticks its parent and grandparent (children of 804 are main categories too)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Expand Local' }));
    await user.click(screen.getByRole('button', { name: 'Expand City' }));
    await user.click(box('Harbour'));
    expect(onChange).toHaveBeenLastCalledWith([804, 805, 806], [804, 805]);
  });

  it('unticking removes descendants, then the parent and grandparent when nothing else below them stays', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[100, 101, 102, 103, 109]} />);
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    await user.click(screen.getByRole('button', { name: 'Expand World' }));

    await user.click(box('Europe'));
    // Americas is still selected: World and News stay.
    expect(onChange).toHaveBeenLastCalledWith([100, 101, 103, 109], [100]);
    await user.click(box('Americas'));
    // World has nothing left below it: removed; News keeps Science.
    expect(onChange).toHaveBeenLastCalledWith([100, 109], [100]);
    await user.click(box('Science'));
    expect(onChange).toHaveBeenLastCalledWith([], []);
    expect(box('News')).not.toBeChecked();
  });

  it('unticking a parent removes its descendants', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[100, 101, 102, 103, 109]} />);
    await user.click(box('News'));
    expect(onChange).toHaveBeenLastCalledWith([], []);
  });

  it('the top level is never a topic: ticking it ticks everything below it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box('Portal'));
    const [ids, main] = onChange.mock.calls[0];
    expect(ids).not.toContain(8);
    expect(ids).toEqual(expect.arrayContaining([100, 101, 102, 103, 109, 804, 805, 806]));
    expect(main).toEqual([100, 804, 805]);
    expect(box('Portal')).toBeChecked();
  });

  it('a ticked leaf shows its parents partly ticked; a click on the parent then ticks all of it (issue 11, defect 12)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    await user.click(screen.getByRole('button', { name: 'Expand World' }));
    await user.click(box('Europe'));
    expect(onChange).toHaveBeenLastCalledWith([100, 101, 102], [100]);
    expect(box('Europe')).toBeChecked();
    for (const title of ['World', 'News', 'Portal']) {
      expect(box(title)).not.toBeChecked();
      expect(box(title)).toHaveAttribute('aria-checked', 'mixed');
      expect((box(title) as HTMLInputElement).indeterminate).toBe(true);
    }

    await user.click(box('News'));
    expect(onChange).toHaveBeenLastCalledWith([100, 101, 102, 103, 109], [100]);
    for (const title of ['News', 'World', 'Europe', 'Americas', 'Science']) {
      expect(box(title)).toBeChecked();
      expect(box(title)).not.toHaveAttribute('aria-checked');
    }
    expect(box('Portal')).toHaveAttribute('aria-checked', 'mixed');

    await user.click(box('News'));
    expect(onChange).toHaveBeenLastCalledWith([], []);
    expect(box('Portal')).not.toBeChecked();
    expect(box('Portal')).not.toHaveAttribute('aria-checked');
  });

  it('shows a partly selected parent as indeterminate', () => {
    render(<Harness initial={[100, 109]} />);
    expect(box('Portal').closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
  });

  it('speaks German', async () => {
    await setLanguage('de');
    render(<Harness />);
    expect(screen.getByRole('tree', { name: 'Themen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'News aufklappen' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'News auswählen' })).toBeInTheDocument();
  });

  describe('a large tree', () => {
    // 300 sections under the root, 3 leaves each: 301 rows at the start, 1,201 categories.
    const big: CategoryNode[] = [
      node(
        8,
        'Portal',
        null,
        1,
        Array.from({ length: 300 }, (_, index) =>
          node(
            1000 + index,
            `Section ${index + 1}`,
            8,
            2,
            [1, 2, 3].map((leaf) => node(10_000 + index * 10 + leaf, `Leaf ${index + 1}.${leaf}`, 1000 + index, 3)),
          ),
        ),
      ),
    ];

    it('is virtualised: only a screenful of rows is mounted', () => {
      render(<Harness source={big} />);
      expect(screen.getByTestId('category-tree-picker-scroll')).toHaveAttribute('data-virtual', 'true');
      const mounted = screen.getAllByRole('treeitem');
      expect(mounted.length).toBeGreaterThan(5);
      expect(mounted.length).toBeLessThan(40);
      expect(screen.queryByRole('treeitem', { name: 'Section 300' })).toBeNull();
    });

    it('ticking a parent ticks its children', async () => {
      const user = userEvent.setup();
      render(<Harness source={big} />);
      await user.click(box('Section 2'));
      expect(onChange).toHaveBeenLastCalledWith([1001, 10_011, 10_012, 10_013], [1001]);
      await user.click(screen.getByRole('button', { name: 'Expand Section 2' }));
      for (const title of ['Section 2', 'Leaf 2.1', 'Leaf 2.2', 'Leaf 2.3']) expect(box(title)).toBeChecked();
      expect(box('Section 1')).not.toBeChecked();
      expect(box('Portal').closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    });
  });

  it('expand all opens every level, collapse all closes them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(titles()).toEqual(['Portal', 'News', 'World', 'Europe', 'Americas', 'Science', 'Local', 'City', 'Harbour']);
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(titles()).toEqual(['Portal']);
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeDisabled();
  });

  it('search lists the matching topics with their path; ticking one there selects it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('searchbox', { name: 'Find a topic' }), 'HARB');
    const list = screen.getByRole('list', { name: '1 matching topic' });
    expect(within(list).getByText('Portal › Local › City')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Harbour in Portal › Local › City' }));
    // As a tick in the tree: the way down to it is ticked too (selection.ts).
    expect(onChange).toHaveBeenLastCalledWith([804, 805, 806], [804, 805]);
    expect(screen.getByRole('checkbox', { name: 'Select Harbour in Portal › Local › City' })).toBeChecked();
    await user.clear(screen.getByRole('searchbox', { name: 'Find a topic' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a topic' }), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No topic matches');
    await user.clear(screen.getByRole('searchbox', { name: 'Find a topic' }));
    expect(screen.getByRole('tree', { name: 'Topics' })).toBeInTheDocument();
  });

  it('says search and expand all in German', async () => {
    await setLanguage('de');
    render(<Harness />);
    expect(screen.getByRole('searchbox', { name: 'Thema suchen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle aufklappen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle zuklappen' })).toBeInTheDocument();
  });
});
