import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import deDE from 'antd/es/locale/de_DE';
import { useState } from 'react';
import { setLanguage } from 'shared';
import { DateTimeField, formValue, pickerValue, type DateTimeKind } from './DateTimeField';

jest.setTimeout(30_000);

/** The field as Form.Item drives it: the form's text in state, what it last sent shown. */
function Harness({ kind, initial }: { kind: DateTimeKind; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField kind={kind} id="field" value={value} onChange={setValue} />
      <output data-testid="form-value">{value}</output>
    </>
  );
}

const input = () => document.getElementById('field') as HTMLInputElement;

/** Types a text into the picker's input and confirms it with Enter, as a user does. */
function typeAndEnter(text: string) {
  fireEvent.mouseDown(input());
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
}

afterEach(async () => {
  await setLanguage('en');
});

describe('the form text and the picker value', () => {
  it('reads each kind of form text and writes it back unchanged', () => {
    for (const [kind, text] of [
      ['date', '2027-03-14'],
      ['time', '18:30'],
      ['dateTime', '2027-03-14T18:30'],
    ] as const) {
      expect(formValue(pickerValue(text, kind), kind)).toBe(text);
    }
  });

  it('an empty, placeholder or malformed text is no value; a cleared picker is the empty text', () => {
    expect(pickerValue('', 'date')).toBeNull();
    expect(pickerValue('0000-00-00', 'date')).toBeNull();
    expect(pickerValue('2027-02-30', 'date')).toBeNull();
    expect(pickerValue('14.03.2027', 'date')).toBeNull();
    expect(pickerValue('2027-03-14 18:30', 'dateTime')).toBeNull();
    expect(formValue(null, 'time')).toBe('');
  });
});

describe('the field in each interface language', () => {
  it('English: the day shown as 2027-03-14; a typed day reaches the form as the API text', async () => {
    render(<Harness kind="date" initial="2027-03-14" />);
    expect(input()).toHaveValue('2027-03-14');
    expect(input()).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    typeAndEnter('2027-04-02');
    await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('2027-04-02'));
  });

  it('German: 14.03.2027 and 14.03.2027 18:30 shown, the form keeps YYYY-MM-DD and YYYY-MM-DDTHH:mm', async () => {
    await setLanguage('de');
    const { unmount } = render(<Harness kind="date" initial="2027-03-14" />);
    expect(input()).toHaveValue('14.03.2027');
    expect(input()).toHaveAttribute('placeholder', 'tt.mm.jjjj');
    typeAndEnter('02.04.2027');
    await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('2027-04-02'));
    unmount();

    render(<Harness kind="dateTime" initial="2027-03-14T18:30" />);
    expect(input()).toHaveValue('14.03.2027 18:30');
    typeAndEnter('01.05.2027 07:05');
    await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('2027-05-01T07:05'));
  });

  it('German: the calendar speaks German and weeks start on Monday once the day.js locale has loaded', async () => {
    await setLanguage('de');
    // antd's own German texts, as the shell's ConfigProvider gives them in the German interface.
    render(
      <ConfigProvider locale={deDE}>
        <Harness kind="date" initial="2027-03-14" />
      </ConfigProvider>,
    );
    fireEvent.mouseDown(input());
    fireEvent.click(input());
    await waitFor(() => expect(document.querySelector('.ant-picker-month-btn')?.textContent).toMatch(/^Mär/));
    // The first day of the week comes from day.js' German locale (English starts on Sunday).
    await waitFor(() => expect(document.querySelector('.ant-picker-content thead th')?.textContent).toBe('Mo'));
    // The month and year buttons are named by the text they show (no label that hides it).
    expect(document.querySelector('.ant-picker-month-btn')?.getAttribute('aria-label') ?? '').toBe('');
    expect(document.querySelector('.ant-picker-year-btn')?.getAttribute('aria-label') ?? '').toBe('');
  });

  it('a time: 18:30 both ways', async () => {
    render(<Harness kind="time" initial="18:30" />);
    expect(input()).toHaveValue('18:30');
    typeAndEnter('07:45');
    await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('07:45'));
  });
});
