import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Form from 'antd/es/form';
import { setLanguage, toast, type ToastEvent } from 'shared';
import { deferred, fail, flush, ok, setupStub, type StubReply, type StubServer } from '../test/stubServer';
import { CountryStateSelects, type LocationNone } from './CountryStateSelects';

// The location selects of both forms against the stub server: the article editor's (`cleared`) and
// the importer's (`choice`).
jest.setTimeout(30_000);

const COUNTRIES = [
  { country_code: 'AU', country_name: 'Australia' },
  { country_code: 'DE', country_name: 'Germany' },
];
const NAMES = { cleared: { country: 'country_code', state: 'state_id' }, choice: { country: 'country', state: 'state' } };
const LABELS = { country: 'Country', state: 'State', noCountry: '-Country-', noState: '-State-' };

let server: StubServer;
let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  server = setupStub().on('get', '/api/v2/locations/countries', ok(COUNTRIES));
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const statesCalls = () => server.calls.filter((call) => call.url?.startsWith('/api/locations/states/')).map((call) => call.url);

function LocationForm({ none, initial, loaded }: { none: LocationNone; initial: Record<string, unknown>; loaded?: typeof COUNTRIES }) {
  const [form] = Form.useForm();
  const names = NAMES[none];
  return (
    <Form form={form} initialValues={initial}>
      <CountryStateSelects names={names} labels={LABELS} none={none} countries={loaded} testIds={{ country: 'country', state: 'state' }} />
      <output data-testid="values">
        <Form.Item shouldUpdate noStyle>
          {() => JSON.stringify([form.getFieldValue(names.country), form.getFieldValue(names.state)])}
        </Form.Item>
      </output>
    </Form>
  );
}

describe('CountryStateSelects', () => {
  it("loads the countries once and the chosen country's states; a failing states call is ignored silently", async () => {
    const states = deferred<StubReply>();
    server.on('get', '/api/locations/states/AU', () => states.promise);
    render(<LocationForm none="cleared" initial={{ country_code: 'AU', state_id: 3 }} />);
    await waitFor(() => expect(statesCalls()).toEqual(['/api/locations/states/AU']));
    await act(async () => {
      states.resolve(fail(500, 'boom'));
      await flush();
    });
    expect(toasts).toEqual([]);
    expect(server.callsTo('get', '/api/v2/locations/countries')).toHaveLength(1);
  });

  it('takes the countries the form loaded: no fetch of its own', async () => {
    server.on('get', '/api/locations/states/AU', ok([]));
    render(<LocationForm none="cleared" initial={{ country_code: 'AU', state_id: null }} loaded={COUNTRIES} />);
    await waitFor(() => expect(statesCalls()).toEqual(['/api/locations/states/AU']));
    expect(server.callsTo('get', '/api/v2/locations/countries')).toHaveLength(0);
  });

  it('names the chosen country in German (Intl.DisplayNames), the API sending English', async () => {
    server.on('get', '/api/locations/states/DE', ok([]));
    await act(() => setLanguage('de'));
    try {
      render(<LocationForm none="cleared" initial={{ country_code: 'DE', state_id: null }} />);
      await waitFor(() => expect(screen.getByTestId('country').textContent).toContain('Deutschland'));
      expect(screen.getByTestId('country').textContent).not.toContain('Germany');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("names the clear button in the user's language (rc-select's own name is the English 'Clear')", async () => {
    server.on('get', '/api/locations/states/DE', ok([]));
    await act(() => setLanguage('de'));
    try {
      render(<LocationForm none="cleared" initial={{ country_code: 'DE', state_id: null }} />);
      await waitFor(() => expect(screen.getByTestId('country').textContent).toContain('Deutschland'));
      const names = Array.from(document.querySelectorAll('[aria-label]')).map((element) => element.getAttribute('aria-label'));
      expect(names).toContain('Auswahl löschen');
      expect(names).not.toContain('Clear');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('cleared: a blank country empties the state (null)', async () => {
    server.on('get', '/api/locations/states/AU', ok([{ state_id: 3, state_name: 'New South Wales' }]));
    render(<LocationForm none="cleared" initial={{ country_code: 'AU', state_id: 3 }} />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toContain('New South Wales'));
    const clear = screen.getByTestId('country').querySelector('.ant-select-clear') ?? document.querySelector('.ant-select-clear');
    fireEvent.mouseDown(clear as HTMLElement);
    fireEvent.click(clear as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('values')).toHaveTextContent('["",null]'));
  });

  it("choice: '-Country-' and '-State-' are choices, state ids are text, another country empties the state ('')", async () => {
    server
      .on('get', '/api/locations/states/AU', ok([{ state_id: 3, state_name: 'New South Wales' }]))
      .on('get', '/api/locations/states/DE', ok([{ state_id: 9, state_name: 'Bayern' }]));
    render(<LocationForm none="choice" initial={{ country: 'AU', state: '3' }} />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toContain('New South Wales'));
    fireEvent.mouseDown(within(screen.getByTestId('country')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Germany'));
    await waitFor(() => expect(screen.getByTestId('values')).toHaveTextContent('["DE",""]'));
    await waitFor(() => expect(statesCalls()).toEqual(['/api/locations/states/AU', '/api/locations/states/DE']));
    expect(screen.getByTestId('state').textContent).toContain('-State-');
  });

  it("choice: the '-Country-' choice ('0') loads no states and disables the state", async () => {
    render(<LocationForm none="choice" initial={{ country: '0', state: '' }} />);
    await waitFor(() => expect(screen.getByTestId('country').textContent).toContain('-Country-'));
    await act(() => flush());
    expect(statesCalls()).toEqual([]);
    expect(within(screen.getByTestId('state')).getByRole('combobox')).toBeDisabled();
  });
});
