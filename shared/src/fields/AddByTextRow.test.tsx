import { fireEvent, render, screen } from '@testing-library/react';
import { AddByTextRow } from './AddByTextRow';

const labels = { inputLabel: 'Tags', placeholder: 'New tag (Enter)', addLabel: 'Add tag' };

describe('AddByTextRow', () => {
  it('passes typing on and adds by button and by Enter', () => {
    const adder = { text: 'Sp', setText: jest.fn(), busy: false };
    const onAdd = jest.fn(() => Promise.resolve());
    render(<AddByTextRow adder={adder} onAdd={onAdd} maxLength={100} {...labels} />);
    const input = screen.getByLabelText('Tags');
    expect(input).toHaveValue('Sp');
    expect(input).toHaveAttribute('placeholder', 'New tag (Enter)');
    expect(input).toHaveAttribute('maxlength', '100');
    fireEvent.change(input, { target: { value: 'Sport' } });
    expect(adder.setText).toHaveBeenCalledWith('Sport');
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('disables input and button while the field is disabled', () => {
    render(<AddByTextRow adder={{ text: '', setText: jest.fn(), busy: false }} onAdd={jest.fn()} disabled {...labels} />);
    expect(screen.getByLabelText('Tags')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add tag' })).toBeDisabled();
  });
});
