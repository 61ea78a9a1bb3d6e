// The proof some account changes ask for (removing a passkey or two-factor, new recovery codes): a
// current code of the authenticator app, else the password; the call's error kept for the dialog.
import { useState } from 'react';

export type IdentityProof = { code: string } | { password: string };

export function useIdentityProof() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return {
    password,
    setPassword,
    code,
    setCode,
    error,
    busy,
    /** Nothing to send yet. */
    empty: !password && !code.trim(),
    /** Runs `work` with the proof given (a code wins over the password). */
    async submit(work: (proof: IdentityProof) => Promise<void>): Promise<void> {
      setBusy(true);
      setError(null);
      try {
        await work(code.trim() ? { code: code.trim() } : { password });
      } catch (caught) {
        setError(caught);
      } finally {
        setBusy(false);
      }
    },
  };
}
