// Shared by article-edit*.test.ts and images.test.ts: images made with sharp, multipart bodies, the
// form encoding of shared's toFormBody, and a complete edit form.
import sharp from 'sharp';
import { hashPassword } from '../src/lib/passwords';
import { body, type TestContext } from './helpers';

/** A real PNG of the given size (a gradient-free solid colour is enough for sniffing and thumbnails). */
export async function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

export async function jpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----newsdesk${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadRequest(ctx: TestContext, token: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return ctx.inject({ method: 'POST', url: '/api/image', payload, headers: { ...headers, authentication: token } });
}

/** Uploads an image; returns the upload item. */
export async function upload(ctx: TestContext, token: string, description = '', bytes?: Buffer, filename = 'photo.png') {
  const response = await uploadRequest(ctx, token, [
    { name: 'file', filename, contentType: 'image/png', data: bytes ?? (await png()) },
    { name: 'description', data: description },
  ]);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return body<
    Array<{ upload: { id: number; file_name: string; file_thumbnail: string; url: string; thumb_url: string; description: string } }>
  >(response).data[0]!.upload;
}

/** The same encoding as shared/src/http/api.ts toFormBody (the editor's form serialisation). */
export function toFormBody(payload: Record<string, unknown>): string {
  const form = new URLSearchParams();
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) form.append(key, value.toISOString());
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) value.forEach((item) => append(key, item));
    else append(key, value);
  }
  return form.toString();
}

export function saveForm(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  return ctx.inject({
    method: 'POST',
    url: '/api/portal/article',
    payload: toFormBody(payload),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authentication: token },
  });
}

export function postJson(ctx: TestContext, token: string, url: string, payload?: Record<string, unknown>) {
  return ctx.inject({ method: 'POST', url, payload: payload ?? {}, headers: { authentication: token } });
}

/** A user with a password and the given rights only (a role made for the test). */
export async function makeUser(ctx: TestContext, username: string, rights: string[]): Promise<void> {
  const db = ctx.app.db;
  const role = await db
    .insertInto('roles')
    .values({ name: `role_${username}`, title: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rights.length) {
    const ids = await db
      .selectFrom('rights')
      .select('id')
      .where('name', 'in', rights as never)
      .execute();
    await db
      .insertInto('role_rights')
      .values(ids.map((right) => ({ role_id: role.id, right_id: right.id })))
      .execute();
  }
  const user = await db
    .insertInto('users')
    .values({ username, name: `Test ${username}`, email: null, password_hash: await hashPassword(`${username}-pw`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
}

export async function loginAs(ctx: TestContext, username: string): Promise<string> {
  const response = await ctx.inject({ method: 'POST', url: '/api/v2/session', payload: { username, password: `${username}-pw` } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return body<{ auth: string }>(response).data.auth;
}

/** Main categories (children of 8) and one of their descendants, from the demo seed. */
export async function categories(ctx: TestContext): Promise<{ main: number; other: number; secondMain: number }> {
  const mains = await ctx.app.db.selectFrom('categories').select('id').where('parent_id', '=', 8).orderBy('id').limit(2).execute();
  const child = await ctx.app.db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', '=', mains[0]!.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { main: mains[0]!.id, secondMain: mains[1]!.id, other: child.id };
}

/** The form of a new article titled `title` that the editor accepts: one image (uploaded with `token`), the first main category. */
export async function newArticleForm(
  ctx: TestContext,
  token: string,
  title: string,
  imageDescription: string,
): Promise<Record<string, unknown>> {
  const cats = await categories(ctx);
  const image = await upload(ctx, token, imageDescription);
  return { id: 0, version: 0, title, images: [{ id: image.id, description: '' }], topics: [cats.main], main_category_id: cats.main };
}
