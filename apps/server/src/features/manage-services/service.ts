import { and, asc, eq } from 'drizzle-orm';
import type { ServicesReply } from '@portal/domain/packages/contracts.ts';
import { packageMessages } from '@portal/domain/packages/rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import { managerRole, organizationNotFound } from '../../core/memberships.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { packageRequests, packages } from '../../db/schema/packages.ts';
import { audit, actorOf } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * GET /api/organizations/:organizationId/services (§7 'available packages by school year and
 * organization'): the school years that have packages, and the chosen year's packages split into
 * those not started and this organization's requests. OWNER and ADMIN only.
 */
export async function listServices(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  schoolYearId: string | undefined,
): Promise<ServicesReply> {
  await managerRole(deps.db, organizationId, auth.user.id);
  const [[organization], years] = await Promise.all([
    deps.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId)),
    deps.db
      .selectDistinct({ id: schoolYears.id, name: schoolYears.name, startsOn: schoolYears.startsOn })
      .from(schoolYears)
      .innerJoin(packages, eq(packages.schoolYearId, schoolYears.id))
      .orderBy(asc(schoolYears.startsOn)),
  ]);
  if (!organization) throw organizationNotFound();
  const chosen = schoolYearId ?? years.at(-1)?.id ?? null;
  const rows = chosen
    ? await deps.db
        .select({
          id: packages.id,
          name: packages.name,
          description: packages.description,
          requestId: packageRequests.id,
          status: packageRequests.status,
        })
        .from(packages)
        .leftJoin(
          packageRequests,
          and(eq(packageRequests.packageId, packages.id), eq(packageRequests.organizationId, organizationId)),
        )
        .where(eq(packages.schoolYearId, chosen))
        .orderBy(asc(packages.position), asc(packages.name))
    : [];
  return {
    organization,
    schoolYears: years.map(({ id, name }) => ({ id, name })),
    schoolYearId: chosen,
    unstartedPackages: rows
      .filter((row) => row.requestId === null)
      .map(({ id, name, description }) => ({ id, name, description, status: 'NOT_STARTED' as const })),
    packageRequests: rows.flatMap(({ id, name, description, requestId, status }) =>
      requestId && status ? [{ id: requestId, packageId: id, name, description, status }] : [],
    ),
  };
}

/**
 * POST /api/organizations/:organizationId/package-requests (§7 'initiate package'): starts the
 * organization's request for the package, or returns the one already started (one per package and
 * organization, so a double click or a second admin opens the same request).
 */
export async function initiatePackageRequest(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  packageId: string,
): Promise<{ packageRequest: { id: string } }> {
  await managerRole(deps.db, organizationId, auth.user.id);
  return deps.db.transaction(async (tx) => {
    const [pkg] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId));
    if (!pkg) throw notFound(packageMessages.packageNotFound);
    const [created] = await tx
      .insert(packageRequests)
      .values({ packageId, organizationId, createdById: auth.user.id })
      .onConflictDoNothing({ target: [packageRequests.packageId, packageRequests.organizationId] })
      .returning({ id: packageRequests.id });
    if (created) {
      await audit(tx, {
        ...actorOf(auth),
        action: 'package_request.initiate',
        subjectType: 'package_request',
        subjectId: created.id,
        data: { packageId, organizationId },
      });
      return { packageRequest: created };
    }
    const [existing] = await tx
      .select({ id: packageRequests.id })
      .from(packageRequests)
      .where(and(eq(packageRequests.packageId, packageId), eq(packageRequests.organizationId, organizationId)));
    if (!existing) throw notFound(packageMessages.packageNotFound);
    return { packageRequest: existing };
  });
}
