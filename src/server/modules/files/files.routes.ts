// POST /api/files/upload and DELETE /api/files/remove/fileName/{name} (spec §7; checklist C7.33,
// C7.34): the signed-in merchant's own uploads (access 'signedInMerchant': the paths name no
// merchant). Multipart is parsed only here: the plugin is registered inside this route plugin, so
// no other route takes multipart bodies.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/files.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { AppError, invalidInput } from '../../lib/app-error.js';
import { signedInMerchant } from '../../plugins/access.js';
import { removeUpload, storeUpload } from './files.service.js';

/** Per client address and instance: each upload costs an image decode and encode. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const field = api.UPLOAD_FIELD;
/** Room for the multipart framing and a few small text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const refuse = (message: string) => invalidInput(message, [{ path: ['body', field], message }]);
const MISSING = `Send the image as multipart/form-data in the field "${field}"`;
const TOO_LARGE = `The "${field}" field is larger than ${api.UPLOAD_MAX_BYTES / 1024 / 1024} MiB`;
const tooLarge = () =>
  new AppError('payload_too_large', TOO_LARGE, [{ path: ['body', field], message: TOO_LARGE }]);

/** The bytes of the one file in the field `file`; a clear 400 or 413 for anything else. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse(MISSING);
  // A body announced far beyond the cap is refused before a byte of it is read.
  if (Number(request.headers['content-length'] ?? 0) > api.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD)
    throw tooLarge();
  try {
    const part = await request.file({
      limits: {
        fileSize: api.UPLOAD_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 100,
      },
    });
    if (!part) throw refuse(MISSING);
    if (part.fieldname !== field)
      throw refuse(`The image must be in the field "${field}", not "${part.fieldname}"`);
    const bytes = await part.toBuffer();
    // Streamed in chunks, the plugin may end the file at the cap without throwing: the stream's
    // own flag says whether anything was cut off.
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Anything else reading the body is a malformed or cut-off multipart request.
    request.log.info({ err }, 'unreadable upload');
    throw refuse(`The upload could not be read: ${MISSING}`);
  }
}

export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Limits are per request (readUploadedFile); the fastify body limit does not apply here.
    await app.register(fastifyMultipart);

    app.post(
      api.uploadFile.path,
      {
        config: {
          access: 'signedInMerchant',
          rateLimit: scaledRateLimit(ctx.config, UPLOAD_RATE_LIMIT),
        },
        schema: api.uploadFile.schema,
      },
      async (request) => {
        const merchant = signedInMerchant(request);
        const bytes = await readUploadedFile(request);
        return storeUpload(ctx, merchant, bytes);
      },
    );

    app.delete(
      api.removeUpload.path,
      { config: { access: 'signedInMerchant' }, schema: api.removeUpload.schema },
      async (request) => {
        const removed = await removeUpload(ctx, signedInMerchant(request), request.params.name);
        return { success: true as const, removed };
      },
    );
  };
