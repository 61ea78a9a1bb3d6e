// Hostile images against POST /api/image: refused from their header with a coded error (no pixel
// decoded), decodes bounded per process, uploads bounded per user.
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { decodeStats } from '../src/services/image-store';
import { multipart, png, uploadRequest } from './article-edit-fixtures';
import { body, describeEachDatabase, type TestContext } from './helpers';
import { blankPng, paletteGif } from './hostile-images';

/** Resolves once this process's handler holds `count` uploads (its metrics gauge). */
async function waitForUploadsInProgress(ctx: TestContext, count: number): Promise<void> {
  for (;;) {
    const { values } = await ctx.app.metrics.imageUploadsInProgress.get();
    if ((values[0]?.value ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function imageCount(ctx: TestContext): Promise<number> {
  const row = await ctx.app.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('image limits', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx.login('submitter');
  });

  it.each([
    // 12 KB declaring 1,000,000 × 100 px: 100 megapixels in one row a million pixels long.
    [
      'a wide bomb',
      () => blankPng(1_000_000, 100),
      'image_side_too_long',
      { pixels: 16_000 },
      'The image is too large (at most 16000 pixels on a side)',
    ],
    [
      'a decompression bomb',
      () => blankPng(15_000, 15_000),
      'image_too_many_pixels',
      { megapixels: 50 },
      'The image is too large (at most 50 megapixels)',
    ],
    [
      'a thin strip',
      () => blankPng(12_000, 1_000),
      'image_aspect_ratio',
      { ratio: 10 },
      'The image is too narrow or too wide (one side at most 10 times the other)',
    ],
    [
      'a GIF of 501 one-pixel frames, each with a 256-colour palette',
      () => paletteGif(100, 501),
      'image_too_many_frames',
      { frames: 500 },
      'The animation has too many frames (at most 500)',
    ],
    [
      'a GIF of 30 frames on a 2000 × 2000 canvas (120 megapixels)',
      () => paletteGif(2000, 30),
      'image_animation_too_large',
      { megapixels: 100 },
      'The animation is too large (at most 100 megapixels in all its frames)',
    ],
  ])('refuses %s with a coded 400 and stores nothing', async (_name, make, error, params, message) => {
    const before = await imageCount(ctx);
    const bytes = make();
    expect(bytes.length).toBeLessThan(500_000);
    const response = await uploadRequest(ctx, token, [{ name: 'file', filename: 'bomb.png', contentType: 'image/png', data: bytes }]);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ code: 400, data: { error, params }, message });
    expect(await imageCount(ctx)).toBe(before);
  });

  it('keeps an animation within the limits animated', async () => {
    const response = await uploadRequest(ctx, token, [{ name: 'file', filename: 'anim.gif', data: paletteGif(60, 5) }]);
    expect(response.statusCode).toBe(200);
    const item = body<Array<{ upload: { url: string } }>>(response).data[0]!.upload;
    const served = await ctx.inject({ method: 'GET', url: item.url });
    expect(served.headers['content-type']).toBe('image/gif');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.pages]).toEqual([60, 5]);
  });

  it('decodes at most IMAGE_DECODE_CONCURRENCY (2) images at a time, however many arrive', async () => {
    const users = ['submitter', 'editor', 'approver', 'admin'] as const;
    const tokens = await Promise.all(users.map((user) => ctx.login(user)));
    const image = await png(2400, 1600);
    const stats = decodeStats();
    stats.resetPeak();
    const responses = await Promise.all(
      tokens.flatMap((userToken) => [0, 1].map(() => uploadRequest(ctx, userToken, [{ name: 'file', filename: 'big.png', data: image }]))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // How much they overlap depends on the machine; that the bound holds does not (lib/semaphore: semaphore.test.ts).
    expect(decodeStats().peak).toBeGreaterThanOrEqual(1);
    expect(decodeStats().peak).toBeLessThanOrEqual(2);
    expect(decodeStats().active).toBe(0);
  });

  it('takes at most IMAGE_UPLOADS_PER_USER (2) uploads of one user at a time: a third is 429, another user is served', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'slow.png', contentType: 'image/png', data: await png(30, 30) }]);
    // Two uploads whose bodies are still arriving hold the user's two places.
    const streams = [new PassThrough(), new PassThrough()];
    const slow = streams.map((stream) => {
      stream.write(payload.subarray(0, 100));
      return ctx.inject({ method: 'POST', url: '/api/image', headers: { ...headers, authentication: token }, payload: stream });
    });
    // The slow requests hold their places once they are inside the handler (after their session is
    // looked up): waited for on the process's own gauge, not by the clock.
    await waitForUploadsInProgress(ctx, 2);
    const third = await uploadRequest(ctx, token, [{ name: 'file', filename: 'c.png', data: await png(30, 30) }]);
    expect(third.statusCode).toBe(429);
    expect(body(third)).toEqual({
      code: 429,
      data: { error: 'upload_busy', params: { count: 2 } },
      message: 'You already have 2 uploads in progress; try again when they are done',
    });
    const other = await uploadRequest(ctx, await ctx.login('editor'), [{ name: 'file', filename: 'd.png', data: await png(30, 30) }]);
    expect(other.statusCode).toBe(200);
    streams.forEach((stream) => stream.end(payload.subarray(100)));
    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200]);
    // Their places are free again.
    const after = await uploadRequest(ctx, token, [{ name: 'file', filename: 'e.png', data: await png(30, 30) }]);
    expect(after.statusCode).toBe(200);
  });
});
