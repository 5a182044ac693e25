import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffContractInput, staffContractList } from '@portal/domain/packages/admin-contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readUpload } from '../../core/purchase-order-upload.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { createContract, listOrganizationContracts, signedContractFile, uploadSignedContract } from './service.ts';

const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const contractParams = z.object({ contractId: z.uuid('Not a contract id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** The staff console's contracts of an organization: list, record one, upload and download its signed PDF. */
export const adminContractRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/organizations/:organizationId/contracts',
    { config: staff, schema: { tags, params: organizationParams, response: { 200: staffContractList } } },
    async (request) => listOrganizationContracts(deps, request.params.organizationId),
  );

  app.post(
    '/admin/organizations/:organizationId/contracts',
    {
      config: staff,
      schema: { tags, params: organizationParams, body: staffContractInput, response: { 201: staffContractList } },
    },
    async (request, reply) =>
      reply.status(201).send(await createContract(deps, caller(request), request.params.organizationId, request.body)),
  );

  app.put(
    '/admin/contracts/:contractId/signed-pdf',
    {
      config: staff,
      schema: { tags, params: contractParams, consumes: ['multipart/form-data'], response: { 200: staffContractList } },
    },
    async (request) =>
      uploadSignedContract(deps, caller(request), request.params.contractId, await readUpload(request)),
  );

  app.get(
    '/admin/contracts/:contractId/signed-pdf',
    { config: staff, schema: { tags, params: contractParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const bytes = await signedContractFile(deps, request.params.contractId);
      return sendDownload(reply, { fileName: 'signed-contract.pdf', contentType: 'application/pdf', body: bytes });
    },
  );
};
