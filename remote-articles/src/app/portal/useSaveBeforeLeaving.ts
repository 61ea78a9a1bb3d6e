// A navigation (Back, Forward, a link) while the editor saves waits for the save: the editor used to
// unmount mid-save, which dropped the save with no word. Once stored, the navigation goes on; when
// the save failed (or never went out: invalid fields), the user stays with the editor and its error.
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { toast } from 'shared';

export type SaveState = 'idle' | 'running' | 'saved' | 'failed';

/** `waitingText`: said when a navigation waits for the save. Returns what the editor reports its save's state to. */
export function useSaveBeforeLeaving(waitingText: () => string): (state: SaveState) => void {
  const [save, setSave] = useState<SaveState>('idle');
  const blocker = useBlocker(save === 'running');
  const told = useRef(false);
  const text = useRef(waitingText);
  text.current = waitingText;
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      told.current = false;
      return;
    }
    if (save === 'running') {
      if (!told.current) toast.info(text.current());
      told.current = true;
    } else if (save === 'saved') blocker.proceed();
    else blocker.reset();
  }, [blocker, save]);
  return setSave;
}
