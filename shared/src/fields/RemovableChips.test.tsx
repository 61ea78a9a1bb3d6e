import { fireEvent, render, screen } from '@testing-library/react';
import { RemovableChips } from './RemovableChips';

const items = [
  { id: 1, title: 'Sports' },
  { id: 2, title: 'Weather' },
];

describe('RemovableChips', () => {
  it('shows each item and removes the one whose × is clicked', () => {
    const onChange = jest.fn();
    render(
      <RemovableChips items={items} onChange={onChange} removeLabel={(item) => `Remove ${item.title}`} renderItem={(item) => item.title} />,
    );
    expect(screen.getByText('Sports')).toBeInTheDocument();
    expect(screen.getByText('Weather')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Remove Sports'));
    expect(onChange).toHaveBeenCalledWith([{ id: 2, title: 'Weather' }]);
  });

  it('offers no remove button while disabled', () => {
    render(<RemovableChips items={items} disabled removeLabel={(item) => `Remove ${item.title}`} renderItem={(item) => item.title} />);
    expect(screen.getByText('Sports')).toBeInTheDocument();
    expect(screen.queryByLabelText('Remove Sports')).not.toBeInTheDocument();
  });
});
