import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { myCertificates, verifiedCertificate } from '@portal/domain/events/certificates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import * as certificates from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['certificates'];

/** The public check is counted per address: codes are unguessable, and the count keeps it that way. */
const verifyLimit = rateLimited(30, (request: FastifyRequest) => `certificate-verify:${request.ip}`);

export const certificateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/certificates', { config: signedIn, schema: { tags, response: { 200: myCertificates } } }, async (request) =>
    certificates.listMine(deps, caller(request)),
  );

  app.get(
    '/certificates/:certificateId/pdf',
    {
      config: signedIn,
      schema: {
        tags,
        params: z.object({ certificateId: z.uuid('Not a certificate id') }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await certificates.certificateFile(deps, caller(request), request.params.certificateId);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.get(
    '/certificates/transcript.pdf',
    { config: signedIn, schema: { tags, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await certificates.transcript(deps, caller(request), 'pdf');
      return sendDownload(reply, { fileName: file.filename, contentType: file.type, body: file.bytes });
    },
  );

  app.get(
    '/certificates/transcript.csv',
    { config: signedIn, schema: { tags, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await certificates.transcript(deps, caller(request), 'csv');
      return sendDownload(reply, { fileName: file.filename, contentType: file.type, body: file.bytes });
    },
  );

  app.get(
    '/verify/:code',
    {
      config: { access: 'public', rateLimit: verifyLimit },
      schema: { tags, params: z.object({ code: z.string().max(40) }), response: { 200: verifiedCertificate } },
    },
    async (request) => certificates.verify(deps, request.params.code),
  );
};
