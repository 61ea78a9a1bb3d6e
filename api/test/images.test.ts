// POST /api/image (multipart, one file, content sniffed, size limit, thumbnail in the database),
// GET /api/image/{id} and /thumb (public, ETag, long cache), POST /api/image/video.
import sharp from 'sharp';
import { jpeg, png, postJson, upload, uploadRequest } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

describeEachDatabase('images', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx.login('submitter');
  });

  it('stores an upload and answers the spec shape: a list whose first element has an upload with file_thumbnail', async () => {
    const bytes = await jpeg(1200, 800);
    const response = await uploadRequest(ctx, token, [
      { name: 'description', data: 'Sunset over the harbour' },
      { name: 'file', filename: '../../etc/My Photo!.JPG', contentType: 'application/octet-stream', data: bytes },
    ]);
    expect(response.statusCode).toBe(200);
    const data = body<Array<{ upload: Record<string, any> }>>(response).data;
    expect(data).toHaveLength(1);
    const item = data[0]!.upload;
    expect(item).toEqual({
      id: expect.any(Number),
      file_name: 'My Photo.jpg',
      file_thumbnail: `/api/image/${item.id}/thumb`,
      url: `/api/image/${item.id}`,
      thumb_url: `/api/image/${item.id}/thumb`,
      description: 'Sunset over the harbour',
    });

    // The original comes back with its real type and size (written anew: see images-metadata.test.ts),
    // publicly (no session header), cached for long.
    const original = await ctx.inject({ method: 'GET', url: item.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const served = await sharp(original.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['jpeg', 1200, 800]);
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(original.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await ctx.inject({ method: 'GET', url: item.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The thumbnail: WebP, 320px wide, aspect kept.
    const thumb = await ctx.inject({ method: 'GET', url: item.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 213]);
    expect(thumb.headers.etag).not.toBe(etag);
  });

  it('does not enlarge a small image for its thumbnail', async () => {
    const item = await upload(ctx, token, '', await png(100, 50));
    const thumb = await ctx.inject({ method: 'GET', url: item.thumb_url });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 50]);
  });

  it('accepts PNG, WebP and GIF (by content)', async () => {
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .gif()
      .toBuffer();
    for (const [bytes, type] of [
      [await png(40, 40), 'image/png'],
      [webp, 'image/webp'],
      [gif, 'image/gif'],
    ] as const) {
      const item = await upload(ctx, token, '', bytes, 'picture.bin');
      const original = await ctx.inject({ method: 'GET', url: item.url });
      expect(original.headers['content-type']).toBe(type);
    }
  });

  it('refuses a script renamed .jpg (the content decides, not the name or declared type)', async () => {
    const response = await uploadRequest(ctx, token, [
      { name: 'file', filename: 'holiday.jpg', contentType: 'image/jpeg', data: '<script>alert(document.cookie)</script>\n' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      code: 400,
      data: { error: 'image_not_an_image' },
      message: 'Only JPEG, PNG, WebP and GIF images can be uploaded (this file is not an image)',
    });
  });

  it('refuses other real file types (a PDF, an SVG with script) and a damaged image', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const pdfResponse = await uploadRequest(ctx, token, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: pdf }]);
    expect(pdfResponse.statusCode).toBe(400);
    expect(body(pdfResponse).message).toBe('Only JPEG, PNG, WebP and GIF images can be uploaded (this file is application/pdf)');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const svgResponse = await uploadRequest(ctx, token, [{ name: 'file', filename: 'a.png', contentType: 'image/svg+xml', data: svg }]);
    expect(svgResponse.statusCode).toBe(400);
    const good = await png(200, 200);
    const damaged = Buffer.concat([good.subarray(0, 60), Buffer.alloc(200, 7)]);
    const damagedResponse = await uploadRequest(ctx, token, [{ name: 'file', filename: 'a.png', data: damaged }]);
    expect(damagedResponse.statusCode).toBe(400);
    expect(body(damagedResponse).message).toBe('The image could not be read; it may be damaged');
  });

  it('refuses a 50 MB file (413) and stores nothing', async () => {
    const before = await ctx.app.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const big = Buffer.alloc(50 * 1024 * 1024, 0);
    (await png(10, 10)).copy(big); // a PNG header, then padding
    const response = await uploadRequest(ctx, token, [{ name: 'file', filename: 'huge.png', contentType: 'image/png', data: big }]);
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({
      code: 413,
      data: { error: 'upload_too_large', params: { megabytes: 10 } },
      message: 'The file is too large (at most 10 MiB)',
    });
    const after = await ctx.app.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses two files in one request, and a request without a file', async () => {
    const image = await png(20, 20);
    const two = await uploadRequest(ctx, token, [
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: image },
      { name: 'file2', filename: 'b.png', contentType: 'image/png', data: image },
    ]);
    expect(two.statusCode).toBe(400);
    expect(body(two).message).toBe('Upload one file per request');
    const none = await uploadRequest(ctx, token, [{ name: 'description', data: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Choose an image file to upload');
    const json = await postJson(ctx, token, '/api/image', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(body(json).message).toBe('Send the image as multipart/form-data');
  });

  it('needs a session to upload; unknown images are 404 envelopes', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/image',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(response.statusCode).toBe(401);
    const missing = await ctx.inject({ method: 'GET', url: '/api/image/99999999' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({
      code: 404,
      data: { error: 'image_not_found', params: { id: 99999999 } },
      message: 'Image 99999999 not found',
    });
    expect((await ctx.inject({ method: 'GET', url: '/api/image/abc/thumb' })).statusCode).toBe(400);
  });

  it('adds a video from an id or a YouTube address; refuses anything else', async () => {
    for (const input of [
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const response = await postJson(ctx, token, '/api/image/video', { videoId: input, title: 'Clip' });
      expect(response.statusCode).toBe(200);
      expect(body(response).data).toEqual({ id: expect.any(Number), videoId: 'dQw4w9WgXcQ', title: 'Clip' });
    }
    for (const input of ['', 'short', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)']) {
      const response = await postJson(ctx, token, '/api/image/video', { videoId: input, title: 'Clip' });
      expect(response.statusCode).toBe(400);
    }
  });
});
