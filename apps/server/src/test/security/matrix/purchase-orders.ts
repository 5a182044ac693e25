import { randomUUID } from 'node:crypto';
import { contracts } from '../../../db/schema/contracts.ts';
import { createCompleteApplication } from '../../application-factories.ts';
import { freshMember, multipart, pdf, type World } from '../fixtures.ts';
import { anyone, signedIn, type CellInput, type Rows } from './rows.ts';

/**
 * Institute and package purchase orders (organizations.md §2, §6). An institute purchase order names
 * an organization the caller belongs to (others: 400 on organizationId); package contracts and their
 * purchase orders are for school A's OWNER and ADMIN (others: 403 with the server's message).
 */
const membersOfA = (ok: number) => ({
  ...anyone(400),
  anonymous: 401,
  member: ok,
  admin: ok,
  owner: ok,
  staffAsMember: ok,
});
const managersOfAOr403 = (ok: number) => ({ ...anyone(403), anonymous: 401, admin: ok, owner: ok });

const contact = {
  filename: 'District PO',
  contactEmail: 'purchasing@district.test',
  contactName: 'Pat Purchasing',
  contactPhone: '5551234567',
};

async function freshContractOfA(w: World) {
  const signedPdfKey = `contracts/${randomUUID()}.pdf`;
  await w.t.deps.storage.put(signedPdfKey, pdf, 'application/pdf');
  const [contract] = await w.t.deps.db
    .insert(contracts)
    .values({
      organizationId: w.schoolA.organization.id,
      packageName: 'Matrix Package',
      signedPdfKey,
      totalCents: 500_000,
    })
    .returning();
  if (!contract) throw new Error('contract not created');
  return contract;
}

/** A new member of school A accepted to the world's institute: one an institute purchase order may pay for. */
async function freshAcceptedApplicantOfA(w: World) {
  const { user } = await freshMember(w, w.schoolA.organization.id);
  await createCompleteApplication(w.t.deps.db, w.institute, user.id, {
    status: 'ACCEPTED',
    paymentOptionId: w.institute.options.purchaseOrder.id,
  });
  return user;
}

const withKey = (input: { body: Buffer; headers: Record<string, string> }): CellInput => ({
  ...input,
  headers: { ...input.headers, 'idempotency-key': randomUUID() },
});

const applicantsQuery = (w: World) => ({
  instituteId: w.institute.event.id,
  organizationId: w.schoolA.organization.id,
});

export const purchaseOrderRows: Rows = {
  'GET /api/institute-purchase-orders/institutes': { expect: signedIn(200) },
  'GET /api/institute-purchase-orders/available-applicants': {
    input: (w) => ({ query: applicantsQuery(w) }),
    expect: membersOfA(200),
  },
  'GET /api/institute-purchase-orders/applicant': {
    input: (w) => ({ query: { ...applicantsQuery(w), email: w.schoolA.member.user.email } }),
    expect: membersOfA(200),
  },
  'POST /api/institute-purchase-orders/coupon': {
    input: (w) => ({ body: { code: w.coupon.code, eventId: w.institute.event.id } }),
    expect: signedIn(200),
  },
  'POST /api/institute-purchase-orders': {
    input: async (w) => {
      const applicant = await freshAcceptedApplicantOfA(w);
      const fields = {
        ...contact,
        instituteId: w.institute.event.id,
        organizationId: w.schoolA.organization.id,
        type: 'EVENT',
        number: `PO-${randomUUID().slice(0, 6)}`,
        total: '95000',
        applicants: JSON.stringify([applicant.email]),
      };
      return withKey(multipart(fields, pdf));
    },
    expect: membersOfA(201),
  },
  'GET /api/package-purchase-orders/contracts': {
    input: async (w) => {
      await freshContractOfA(w);
      return { query: { organizationId: w.schoolA.organization.id } };
    },
    expect: managersOfAOr403(200),
  },
  'GET /api/package-purchase-orders/contracts/:contractId/signed-pdf': {
    input: async (w) => ({
      params: { contractId: (await freshContractOfA(w)).id },
      query: { organizationId: w.schoolA.organization.id },
    }),
    expect: managersOfAOr403(200),
  },
  'POST /api/package-purchase-orders': {
    input: async (w) => {
      const contract = await freshContractOfA(w);
      const fields = {
        ...contact,
        organizationId: w.schoolA.organization.id,
        contractId: contract.id,
        type: 'PACKAGE',
        number: `PKG-${randomUUID().slice(0, 6)}`,
        total: '500000',
      };
      return withKey(multipart(fields, pdf));
    },
    expect: managersOfAOr403(201),
  },
};
