import sharp from 'sharp';
import type { Locator, Page, Response } from 'playwright-core';
import { apiCall } from './api';

/** A user's session token, signed in through the API. */
export async function sessionToken(apiUrl: string, user: { username: string; password: string }): Promise<string> {
  const session = await apiCall(apiUrl, 'POST', '/api/v2/session', { username: user.username, password: user.password });
  return (session.body.data as { auth: string }).auth;
}

/**
 * Creates a saveable article (an uploaded image, topic and main category 100) through the API as the
 * token's user, then releases the lock the save took so that browser contexts can take it; its id.
 */
export async function createArticleThroughApi(apiUrl: string, token: string, article: { title: string; text: string }): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const uploaded = (await (
    await fetch(`${apiUrl}/api/image`, { method: 'POST', headers: { AUTHENTICATION: token }, body: upload })
  ).json()) as { data: Array<{ upload: { id: number } }> };
  const imageId = String(uploaded.data[0]!.upload.id);
  const body = new URLSearchParams({
    id: '0',
    version: '0',
    title: article.title,
    text: article.text,
    main_image: imageId,
    main_category_id: '100',
  });
  body.append('images', JSON.stringify({ id: Number(imageId), description: 'Photo' }));
  body.append('topics', '100');
  const saved = (await (
    await fetch(`${apiUrl}/api/portal/article`, {
      method: 'POST',
      headers: { AUTHENTICATION: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
  ).json()) as { code: number; data: { id: number }; message: string };
  if (saved.code !== 200) throw new Error(`creating the article failed: ${saved.message}`);
  await fetch(`${apiUrl}/api/portal/lock/${saved.data.id}/release`, { method: 'POST', headers: { AUTHENTICATION: token } });
  return String(saved.data.id);
}

/**
 * Waits until the article editor has opened: its title shown and, right after its first paint, the
 * editor scrolled into view with the cursor in the title (a read-only editor takes no cursor). A click
 * inside the editor before that can land where that scroll has just moved things away from.
 */
export async function editorReady(page: Page): Promise<void> {
  await page.getByTestId('article-editor').getByTestId('editor-title').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const title = document.querySelector<HTMLInputElement>('[data-testid="article-editor"] input[data-testid="editor-title"]');
      return !!title && (document.activeElement === title || title.disabled || title.readOnly);
    },
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Opens an article from the portal's list by clicking its row (by default the cell after the
 * checkbox) and waits for the editor's read of it (GET /api/portal/article, which takes the edit
 * lock) and for the editor to be ready; the read's response. The heading "Edit article N" is no
 * signal: the editor shows it while the read is still on its way.
 */
export async function openArticleFromList(
  page: Page,
  id: string,
  target: Locator = page.locator(`tr[data-row-key="${id}"] td`).nth(1),
): Promise<Response> {
  const read = page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return response.request().method() === 'GET' && url.pathname === '/api/portal/article' && url.searchParams.get('id') === id;
    },
    { timeout: 30_000 },
  );
  await target.click();
  const response = await read;
  if (response.ok()) await editorReady(page);
  return response;
}
