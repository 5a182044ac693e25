import { hasToolkitAccess, type ContentAccess } from './people/roles.ts';

export const loginPath = '/auth/login';
export const homePath = '/members/profile';

/**
 * Where a member without toolkit access lands from a toolkit page (organizations.md §1: the profile),
 * told there why: the redirect alone looked like a broken link.
 */
export const toolkitRefusedPath = `${homePath}?notice=toolkit-access`;
export const toolkitAccessNotice =
  'Treasure Chest and My Saved Resources are open to members with toolkit access. An owner or admin of your school can grant it from the staff list.';

/**
 * Where to go after signing in. Only a path inside this site is honoured, so a crafted link cannot
 * send a member to another site ("//evil.example", "https://…", "/\\evil", control characters).
 */
export function safeIntendedPath(intended: string | null | undefined): string {
  if (!intended) return homePath;
  if (!intended.startsWith('/') || intended.startsWith('//') || intended.startsWith('/\\')) return homePath;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(intended)) return homePath;
  try {
    const url = new URL(intended, 'http://portal.invalid');
    if (url.origin !== 'http://portal.invalid') return homePath;
    if (url.pathname.startsWith('/auth/')) return homePath;
    return url.pathname + url.search + url.hash;
  } catch {
    return homePath;
  }
}

export function loginPathFor(intended: string): string {
  return `${loginPath}?intended=${encodeURIComponent(intended)}`;
}

export interface MenuItem {
  label: string;
  path: string;
  toolkitOnly?: boolean;
}

export const cartPath = '/members/event-cart/checkout';

/** The side menu of organizations.md §2, in its order; Log Out is a button after these. */
export const sideMenu: readonly MenuItem[] = [
  { label: 'Profile', path: '/members/profile' },
  { label: 'Treasure Chest', path: '/members/treasure-chest', toolkitOnly: true },
  { label: 'My Saved Resources', path: '/members/my-saved-resources', toolkitOnly: true },
  { label: 'Purchase Orders', path: '/members/purchase-orders' },
  { label: 'PD Services', path: '/members/events' },
  { label: 'Resources', path: '/members/resources' },
  { label: 'Manage Services', path: '/members/manage-services' },
  { label: 'Manage Events', path: '/members/manage-events' },
  { label: 'Event Cart', path: cartPath },
];

export function visibleMenu(access: ContentAccess): MenuItem[] {
  return sideMenu.filter((item) => !item.toolkitOnly || hasToolkitAccess(access));
}

export const toolkitPaths = sideMenu.filter((item) => item.toolkitOnly).map((item) => item.path);
