import { Drawer } from '@mantine/core';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { NewUserForm, type OrganizationOption } from './new-user-form.tsx';

export interface AddUserDrawerProps {
  opened: boolean;
  organizations: OrganizationOption[];
  organizationId: string | null;
  onClose: () => void;
}

/** The '+ Add New User' side panel. Loaded on first use, so the allocation page carries only its pickers. */
export default function AddUserDrawer({ opened, organizations, organizationId, onClose }: AddUserDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={allocationMessages.addNewUser.replace(/^\+\s*/, '')}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? (
        <NewUserForm
          organizations={organizations}
          organizationId={organizationId}
          onCreated={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Drawer>
  );
}
