import type { ReactNode } from 'react';
import { PublicFrame } from '../../../ui/public-frame.tsx';

/** Invitation pages open from a mail, signed in or not, in a column wider than sign-in's for the invitation's details. */
export function InvitationFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PublicFrame title={title} width={520}>
      {children}
    </PublicFrame>
  );
}
