// Star CloudPRNT (issue 29; docs/protocols/star-cloudprnt.md): the printer polls our server, fetches
// its next job and confirms it. One URL per printer; the printer authenticates with HTTP Basic
// (any user name, the printer's token as password). The poll body is the printer's: it sends
// more fields than we read (barcode reader, display, …), so only the fields we use are typed and
// the rest pass unread — the vendor, not our contract, decides what a printer sends.
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const printerParams = z.object({ printerId: z.uuid({ error: 'Unknown printer' }) });

export const cloudPrntPollBody = z.looseObject({
  /** "200 OK", "410 Out of paper", … URL-encoded by some firmware ("200%20OK"). */
  statusCode: z.string().max(200),
  status: z.string().max(200).optional(),
  printerMAC: z.string().max(64).optional(),
  uniqueID: z.string().max(64).optional(),
  printingInProgress: z.boolean().optional(),
});
export type CloudPrntPoll = z.infer<typeof cloudPrntPollBody>;

export const cloudPrntPollAnswer = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  deleteMethod: z.enum(['DELETE', 'GET']).optional(),
});

/** The media types we offer, best first: a PNG the roll wide, drawn with a CJK-capable font. */
export const CLOUDPRNT_MEDIA_TYPES = ['image/png'] as const;

export const cloudPrntPoll = defineRoute('POST', '/api/cloudprnt/:printerId', {
  tags: ['printing'],
  description: 'Star CloudPRNT poll: the printer reports its status and asks whether a job waits.',
  params: printerParams,
  body: cloudPrntPollBody,
  response: { 200: cloudPrntPollAnswer, 400: errorBody, 401: errorBody },
});

export const cloudPrntFetch = defineRoute('GET', '/api/cloudprnt/:printerId', {
  tags: ['printing'],
  description:
    'Star CloudPRNT job fetch (no side effect: the printer may repeat it): the current job in ' +
    'the requested media type. 404 no job, 415 a type we do not offer.',
  params: printerParams,
  querystring: z.looseObject({
    type: z.string().max(100),
    mac: z.string().max(64).optional(),
    uid: z.string().max(64).optional(),
  }),
  response: { 200: z.any(), 400: errorBody, 401: errorBody, 404: errorBody, 415: errorBody },
});

export const cloudPrntConfirm = defineRoute('DELETE', '/api/cloudprnt/:printerId', {
  tags: ['printing'],
  description:
    'Star CloudPRNT job confirmation: code 2xx (or OK) printed; 4xx a printer error (the job ' +
    'stays and prints when the printer recovers); 5xx a job the printer cannot print (failed).',
  params: printerParams,
  querystring: z.looseObject({
    code: z.string().max(200),
    mac: z.string().max(64).optional(),
    uid: z.string().max(64).optional(),
  }),
  response: { 200: z.object({ ok: z.boolean() }), 400: errorBody, 401: errorBody },
});
