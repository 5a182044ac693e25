import { defaultTimeZone } from '@portal/domain/dates.ts';
import { useCurrentUser } from './current-user.ts';

/**
 * The provider's time zone, which every date-time on screen is read in (packages/domain dates.ts
 * formats them). The server names it with the signed-in user; screens that show date-times are
 * signed-in screens, so the default only stands in before /api/me has answered.
 */
export function useProviderTimeZone(): string {
  return useCurrentUser()?.providerTimeZone ?? defaultTimeZone;
}
