// An image's stored bytes (original or thumbnail): immutable per id, so cached for a year and
// answered 304 on a matching ETag; originals stored before cleaning are cleaned on first read.
import type { FastifyReply } from 'fastify';
import type { DbRoot } from '../../db/schema';
import { httpError } from '../../lib/http-error';
import { imagesRepository } from '../../repositories/images';
import { cleanStoredOriginal } from '../../services/image-store';

export async function sendImageFile(
  db: DbRoot,
  id: number,
  kind: 'original' | 'thumb',
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  let stored = await imagesRepository.etag(db, id, kind);
  if (stored && !stored.cleaned) {
    await cleanStoredOriginal(db, id);
    stored = await imagesRepository.etag(db, id, kind);
  }
  if (!stored?.cleaned) throw httpError(404, 'image_not_found', { id });
  const quoted = `"${stored.etag}"`;
  void reply.header('ETag', quoted).header('Cache-Control', 'public, max-age=31536000, immutable');
  void reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'");
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === quoted)) return reply.code(304).send();
  const file = await imagesRepository.file(db, id, kind);
  if (!file) throw httpError(404, 'image_not_found', { id });
  return reply.type(file.contentType).header('Content-Length', String(file.size)).send(file.bytes);
}
