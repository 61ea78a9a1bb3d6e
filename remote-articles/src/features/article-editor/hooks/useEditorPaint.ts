// The editor's first paint: the collapsed panels' fields mount only after the open ones have been
// painted (opening an article shows its fields sooner), and once an article has loaded the editor
// scrolls into view with the cursor in its title.
import type { InputRef } from 'antd/es/input';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Runs `then` once the browser has painted the next frame; answers the cancel. */
export function afterPaint(then: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(then);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

export interface EditorPaint {
  /** False until the loaded form has been painted: the collapsed panels' fields mount after it. */
  allPanels: boolean;
  /** Mounts every panel's fields now (a save validates the hidden ones too). */
  mountAllPanels(): void;
  cardRef: RefObject<HTMLDivElement | null>;
  titleRef: RefObject<InputRef | null>;
}

export function useEditorPaint(ready: boolean, loadCount: number): EditorPaint {
  const [allPanels, setAllPanels] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!ready || allPanels) return undefined;
    // Interruptible (a transition): typing in the fields already shown stays responsive meanwhile.
    return afterPaint(() => startTransition(() => setAllPanels(true)));
  }, [ready, allPanels]);

  // Opened (from the title search far down, or below the list on a narrow screen): bring the editor
  // into view and put the cursor in its title, once the article has loaded.
  useEffect(() => {
    if (loadCount !== 1) return undefined;
    // Once the fields are painted (the scroll would lay the new form out before that), and after the
    // form's reset has re-created its fields (a new title input).
    return afterPaint(() => {
      cardRef.current?.scrollIntoView?.({ block: 'start' });
      titleRef.current?.focus({ preventScroll: true });
    });
  }, [loadCount]);

  const mountAllPanels = () => {
    if (!allPanels) flushSync(() => setAllPanels(true));
  };

  return { allPanels, mountAllPanels, cardRef, titleRef };
}
