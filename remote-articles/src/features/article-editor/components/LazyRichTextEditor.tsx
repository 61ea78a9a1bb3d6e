// The rich-text editor as a lazy chunk: TipTap/ProseMirror load only when an article opens. Without
// Suspense (lazyCode.ts): the article's text shows as soon as the code is there.
import Skeleton from 'antd/es/skeleton';
import { lazyCode, useLazyCode } from 'shared';
import type { RichTextEditorProps } from './RichTextEditor';

const richTextCode = lazyCode(() => import('./RichTextEditor').then((module) => module.default));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  const RichTextEditor = useLazyCode(richTextCode);
  return RichTextEditor ? <RichTextEditor {...props} /> : <Skeleton active paragraph={{ rows: 3 }} />;
}
