// Reading an upload's multipart body: one file and an optional description; everything the reader
// can refuse (too large, several files, malformed parts) becomes a coded 4xx, never a 5xx.
import type { FastifyRequest } from 'fastify';
import { httpError, HttpError } from '../../lib/http-error';

export interface UploadParts {
  file: { bytes: Buffer; name: string };
  /** Trimmed, NUL characters removed ('' when none was sent). */
  description: string;
}

/** The coded refusal for an error the multipart reader raised. */
function multipartRefusal(request: FastifyRequest, error: unknown, maxMegabytes: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, 'upload_too_large', { megabytes: maxMegabytes });
  if (code === 'FST_FILES_LIMIT') return httpError(400, 'upload_one_file');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return httpError(400, 'upload_not_multipart');
  if (typeof code === 'string' && code.startsWith('FST_')) return httpError(400, 'upload_unreadable', { reason: (error as Error).message });
  // Anything else the multipart reader raises (busboy: unexpected end, bad part headers) is the body's fault.
  request.log.info({ err: error }, 'Malformed multipart upload');
  return httpError(400, 'upload_malformed');
}

export async function readUploadParts(request: FastifyRequest, maxMegabytes: number): Promise<UploadParts> {
  let file: UploadParts['file'] | undefined;
  let description = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw httpError(400, 'upload_one_file');
        }
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else if (part.fieldname === 'description') {
        description = String(part.value ?? '')
          .replaceAll('\0', '')
          .trim();
      }
    }
  } catch (error) {
    throw multipartRefusal(request, error, maxMegabytes);
  }
  if (!file) throw httpError(400, 'upload_no_file', undefined, { field: 'file' });
  return { file, description };
}
