// The state of an editor list field's "add by text" input (tags, ads, videos): the typed text, and
// the add that runs with the button busy, a failed call shown as an error toast instead of thrown.
import { useState } from 'react';
// Through the package name: the one kernel instance (toasts).
import { toast } from 'shared';
import { errorMessage } from 'contracts/rules/error-message';

export interface AddByText {
  text: string;
  setText(text: string): void;
  /** An add is running; the fields ignore another until it ends. */
  busy: boolean;
  /** Runs one add (the call to the server); never rejects. */
  run(add: () => Promise<void>): Promise<void>;
}

export function useAddByText(): AddByText {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (add: () => Promise<void>) => {
    setBusy(true);
    try {
      await add();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { text, setText, busy, run };
}
