import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import type { AppDeps } from '../app-deps.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { setSessionCookie } from '../platform/session-cookie.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import type { SignedIn } from '../platform/sign-in.ts';

export async function presentCurrentUser(deps: AppDeps, auth: RequestAuth): Promise<CurrentUser> {
  const memberships = await deps.db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: organizationMemberships.role,
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(and(eq(organizationMemberships.userId, auth.user.id), isNull(organizationMemberships.archivedAt)))
    .orderBy(asc(organizations.name));
  const { user, impersonator } = auth;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    contentAccess: { toolKitAccess: user.toolKitAccess, schoolLeaderAccess: user.schoolLeaderAccess },
    impersonator: impersonator
      ? { id: impersonator.id, name: `${impersonator.firstName} ${impersonator.lastName}` }
      : null,
    memberships,
    providerTimeZone: deps.config.timeZone,
  };
}

/** Sets the cookie of a new session and answers with the user it belongs to. */
export function replyWithSession(deps: AppDeps, reply: FastifyReply, signedIn: SignedIn): Promise<CurrentUser> {
  setSessionCookie(reply, deps.config, signedIn.secret, signedIn.expiresAt);
  return presentCurrentUser(deps, signedIn.auth);
}
