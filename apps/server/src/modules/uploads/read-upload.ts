/**
 * Reads the one photo of a multipart upload into memory, refusing it as soon as it passes the size limit
 * instead of after the whole body has arrived.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { imageLimits, sellerMessages } from '@furniture-mart/shared';
import { AppError, BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../../platform/errors.js';

/** Room for the multipart boundaries and part headers around a photo of the largest allowed size. */
export const uploadBodyLimit = imageLimits.maxBytes + 256 * 1024;

export const multipartLimits = {
  fileSize: imageLimits.maxBytes,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
} as const;

export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new UnsupportedMediaType(sellerMessages.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > uploadBodyLimit)
    throw new PayloadTooLarge(sellerMessages.fileTooLarge);

  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      // Other fields are read past and ignored; a second file ends the loop with the files limit.
      if (part.type === 'file') file = await readLimited(part.file);
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (!file) throw new BadRequest(sellerMessages.noFile, { file: sellerMessages.noFile }, 'NO_FILE');
  return file;
}

async function readLimited(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  // The parser stops passing data on at the limit; 'limit' lets us stop waiting for the rest of the part.
  stream.once('limit', () => stream.destroy(new PayloadTooLarge(sellerMessages.fileTooLarge)));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.truncated) throw new PayloadTooLarge(sellerMessages.fileTooLarge);
  return Buffer.concat(chunks);
}

function asClientError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLarge(sellerMessages.fileTooLarge);
  if (code === 'FST_FILES_LIMIT')
    return new BadRequest(sellerMessages.oneFileOnly, undefined, 'TOO_MANY_FILES');
  // Anything else here is a body the parser could not read: cut short, malformed or over the part limits.
  return new BadRequest(sellerMessages.malformedUpload, undefined, 'MALFORMED_UPLOAD');
}
