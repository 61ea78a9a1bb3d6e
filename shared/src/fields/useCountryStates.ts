// The states of the chosen country (spec sections 2 and 4): a blank country has none, a country
// change loads its states (the previous country's are gone at once), and a failing states call is
// ignored silently (spec section 8): the state choice then stays empty.
import { useEffect, useState } from 'react';
import { fetchStates, type CountryState } from 'shared';

/** `countryCode`: blank (''/null/undefined) for no country. */
export function useCountryStates(countryCode: string | null | undefined): CountryState[] {
  const [states, setStates] = useState<CountryState[]>([]);
  useEffect(() => {
    setStates([]);
    if (!countryCode) return undefined;
    const controller = new AbortController();
    fetchStates(countryCode, controller.signal).then(
      (list) => !controller.signal.aborted && setStates(list),
      () => undefined,
    );
    return () => controller.abort();
  }, [countryCode]);
  return states;
}
