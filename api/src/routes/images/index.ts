import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Gauge } from 'prom-client';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { ARTICLE_LIMITS, VIDEO_LIMITS } from 'contracts/rules/field-limits';
import { Envelope, errors } from 'contracts/schemas/common';
import { requireRight } from '../../plugins/permissions';
import { editorLookupsService } from '../../services/editor-lookups';
import { videosRepository } from '../../repositories/videos';
import { processImage, setDecodeConcurrency } from '../../services/image-store';
import { UploadAnswerSchema, VideoBodySchema, VideoSchema } from 'contracts/schemas/images';
import { parseVideoId } from './video';
import { readUploadParts } from './upload-parts';
import { sendImageFile } from './image-file';

export const DESCRIPTION_MAX = ARTICLE_LIMITS.imageCaption.max;

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Image id' }) });

const imageFileSchema = (what: string) => ({
  tags: ['article editor'],
  summary: `The ${what} bytes (public: <img> tags send no session header)`,
  description:
    'Content-Type of the stored file, ETag (SHA-256), Cache-Control: public, max-age=31536000, immutable (an id never changes content). If-None-Match answers 304.',
  params: idParams,
});

/**
 * Uploads each user has in progress on this process: one user cannot fill the decode slots (and
 * the memory the bodies take) for everyone else.
 */
function uploadGate(limit: number, inProgress: Gauge) {
  const byUser = new Map<number, number>();
  return {
    enter(userId: number): (() => void) | null {
      const count = byUser.get(userId) ?? 0;
      if (count >= limit) return null;
      byUser.set(userId, count + 1);
      inProgress.inc();
      return () => {
        inProgress.dec();
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
}

const imagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const maxBytes = app.config.imageMaxMegabytes * 1024 * 1024;
  setDecodeConcurrency(app.config.imageDecodeConcurrency);
  const gate = uploadGate(app.config.imageUploadsPerUser, app.metrics.imageUploadsInProgress);
  // Registered here only: this scope's routes take multipart bodies; nothing else does.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 10_000, parts: 12, headerPairs: 200 },
  });

  app.post(
    '/api/image',
    {
      preHandler: requireRight('create_article'),
      schema: {
        tags: ['article editor'],
        summary: 'Upload one image (multipart/form-data: one file, optional field description)',
        description:
          `JPEG, PNG, WebP or GIF, sniffed from the content (the name and declared type are not trusted), at most ${app.config.imageMaxMegabytes} MiB ` +
          '(IMAGE_MAX_MB), within the limits of contracts/rules/images (pixels, sides, aspect ratio, frames). The original is stored ' +
          'written anew (orientation applied, no GPS or camera data; the colour profile and the rights fields kept) with a ' +
          '320px-wide WebP thumbnail, in the database. At most IMAGE_UPLOADS_PER_USER uploads of one user at a time (429). ' +
          'Response: a list whose first element has an upload.',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadAnswerSchema), ...errors(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw httpError(401, 'unauthorized');
      if (!request.isMultipart()) throw httpError(400, 'upload_not_multipart');
      const leave = gate.enter(user.id);
      if (!leave) throw httpError(429, 'upload_busy', { count: app.config.imageUploadsPerUser });
      try {
        return await receiveUpload(request, user.id);
      } finally {
        leave();
      }
    },
  );

  async function receiveUpload(request: FastifyRequest, userId: number) {
    const { file, description } = await readUploadParts(request, app.config.imageMaxMegabytes);
    if (description.length > DESCRIPTION_MAX)
      throw httpError(400, 'field_max_length', { field: 'description', limit: DESCRIPTION_MAX }, { field: 'description' });
    const processed = await processImage(file.bytes, file.name);
    const item = await editorLookupsService(app.db).uploadImage(userId, processed, description);
    request.log.info({ imageId: item.id, type: processed.original.contentType, size: file.bytes.length, userId }, 'Image uploaded');
    return ok([{ upload: item }], 'Image uploaded');
  }

  for (const [path, kind] of [
    ['/api/image/:id', 'original'],
    ['/api/image/:id/thumb', 'thumb'],
  ] as const) {
    app.get(path, { schema: imageFileSchema(kind === 'thumb' ? 'thumbnail' : 'image'), config: { public: true } }, async (request, reply) =>
      sendImageFile(app.db, request.params.id, kind, request.headers['if-none-match'], reply),
    );
  }

  app.post(
    '/api/image/video',
    {
      preHandler: requireRight('create_article'),
      schema: {
        tags: ['article editor'],
        summary: 'Add a video (form or JSON videoId, title) → { id, videoId, title }',
        description: 'videoId: a YouTube video id (11 characters) or a YouTube address carrying one; stored as the id.',
        body: VideoBodySchema,
        response: { 200: Envelope(VideoSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw httpError(401, 'unauthorized');
      const raw = (request.body?.videoId ?? '').trim();
      if (!raw) throw httpError(400, 'field_required', { field: 'videoId' }, { field: 'videoId' });
      const videoId = parseVideoId(raw);
      if (!videoId) throw httpError(400, 'video_id_invalid', { field: 'videoId' }, { field: 'videoId' });
      const title = (request.body?.title ?? '').replaceAll('\0', '').trim();
      if (title.length > VIDEO_LIMITS.title.max)
        throw httpError(400, 'field_max_length', { field: 'title', limit: VIDEO_LIMITS.title.max }, { field: 'title' });
      return ok(await videosRepository.create(app.db, { videoId, title, createdBy: user.id }), 'Video added');
    },
  );
};

export default imagesRoutes;
