// The rich-text editor as a lazy chunk: TipTap/ProseMirror load only when an article opens.
import Skeleton from 'antd/es/skeleton';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
