import type { ReactNode } from 'react';
import { LanguageSwitcher } from './LanguageSwitcher';

export const SIGNED_OUT_BACKGROUND = '#0b1526';

export interface SignedOutFrameProps {
  title: string;
  /** The box's width in px (it narrows with the screen). */
  width: number;
  /** The page element: `main` where the page has no other landmark. */
  as?: 'div' | 'main';
  testId: string;
  boxTestId?: string;
  children: ReactNode;
}

/** The signed-out pages' dark page and centred white box: the language switcher, the title, then the page's form. */
export function SignedOutFrame({ title, width, as: Page = 'div', testId, boxTestId, children }: SignedOutFrameProps) {
  return (
    <Page
      data-testid={testId}
      style={{
        minHeight: '100%',
        flex: 1,
        background: SIGNED_OUT_BACKGROUND,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '48px 16px',
      }}
    >
      <div
        data-testid={boxTestId}
        style={{ width, maxWidth: '100%', background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 8px 24px rgba(0, 0, 0, 0.35)' }}
      >
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
          <LanguageSwitcher tone="light" />
        </div>
        <h1 style={{ margin: '0 0 16px', fontSize: 22, textAlign: 'center' }}>{title}</h1>
        {children}
      </div>
    </Page>
  );
}
