// The manual run's life: start (one at a time), the ticking seconds while it runs, the result or the
// failure toast, and "Save and simulate"'s run that starts once when the modal opens.
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, toast } from 'shared';
import { runImport } from '../api/importersApi';
import { NS } from '../i18n';
import { elapsedSeconds, IDLE, runReducer, type RunState, type RunTarget } from '../model/run';

export interface ImportRun {
  state: RunState;
  running: boolean;
  /** Seconds since the run started (ticks twice a second while running). */
  seconds: number;
  start(target: RunTarget, simulated: boolean): Promise<void>;
  complete(): void;
}

export function useImportRun({
  onRan,
  startAtOnce,
}: {
  /** After a real run (not a simulation). */
  onRan(): void;
  /** A simulated run of this target begins when the hook mounts (once, StrictMode included). */
  startAtOnce?: RunTarget;
}): ImportRun {
  const { t } = useTranslation(NS);
  const [state, dispatch] = useReducer(runReducer, IDLE);
  const [now, setNow] = useState(() => Date.now());
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);

  const start = async (target: RunTarget, simulated: boolean) => {
    if (running) return;
    const startedAt = Date.now();
    setNow(startedAt);
    dispatch({ type: 'start', target, simulate: simulated, now: startedAt });
    try {
      const result = await runImport(target, simulated);
      if (!mounted.current) return;
      dispatch({ type: 'succeed', result });
      if (!simulated) onRan();
    } catch (error) {
      if (!mounted.current) return;
      dispatch({ type: 'fail' });
      // Spec section 8: the message as a toast ("An error stops running").
      toast.error(t('run.failed', { message: errorMessage(error) }));
    }
  };

  // A ref, so a re-render or StrictMode's second effect does not start it twice.
  const startedAtOnce = useRef(false);
  useEffect(() => {
    if (!startAtOnce || startedAtOnce.current) return;
    startedAtOnce.current = true;
    void start(startAtOnce, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on mounting only
  }, []);

  return {
    state,
    running,
    seconds: elapsedSeconds(state, now),
    start,
    complete: () => dispatch({ type: 'complete' }),
  };
}
