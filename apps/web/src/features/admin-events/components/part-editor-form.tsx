import { eventChanges, type EventChange } from '../api/events.ts';
import {
  groupingInputOf,
  pathInputOf,
  sectionInputOf,
  ticketTypeInputOf,
  validateGrouping,
  validatePath,
  validateSection,
  validateTicketType,
} from './form-values.ts';
import type { PartEdit } from './part-editor.tsx';
import { PartForm } from './part-form.tsx';
import { GroupingFields, PathFields, SectionFields, TicketTypeFields } from './part-fields.tsx';

/** The form of the part the modal edits: validated with the domain's schema, saved with one call. */
export function PartEditorForm({ eventId, edit, onDone }: { eventId: string; edit: PartEdit; onDone: () => void }) {
  const common = { eventId, onDone };
  switch (edit.part) {
    case 'ticketType':
      return (
        <PartForm
          {...common}
          label="Ticket type"
          initialValues={edit.values}
          validate={validateTicketType}
          toChange={(values): EventChange =>
            edit.id === null
              ? eventChanges.addTicketType(eventId, ticketTypeInputOf(values))
              : eventChanges.updateTicketType(edit.id, ticketTypeInputOf(values))
          }
        >
          {(bind) => <TicketTypeFields bind={bind} />}
        </PartForm>
      );
    case 'path':
      return (
        <PartForm
          {...common}
          label="Path"
          initialValues={edit.values}
          validate={validatePath}
          toChange={(values) =>
            edit.id === null
              ? eventChanges.addPath(eventId, pathInputOf(values))
              : eventChanges.updatePath(edit.id, pathInputOf(values))
          }
        >
          {(bind) => <PathFields bind={bind} />}
        </PartForm>
      );
    case 'grouping':
      return (
        <PartForm
          {...common}
          label="Grouping"
          initialValues={edit.values}
          validate={validateGrouping}
          toChange={(values) =>
            edit.id === null
              ? eventChanges.addGrouping(edit.pathId, groupingInputOf(values))
              : eventChanges.updateGrouping(edit.id, groupingInputOf(values))
          }
        >
          {(bind) => <GroupingFields bind={bind} />}
        </PartForm>
      );
    case 'section':
      return (
        <PartForm
          {...common}
          label="Section"
          initialValues={edit.values}
          validate={validateSection}
          toChange={(values) =>
            edit.id === null
              ? eventChanges.addSection(edit.groupingId, sectionInputOf(values))
              : eventChanges.updateSection(edit.id, sectionInputOf(values))
          }
        >
          {(bind) => <SectionFields bind={bind} ticketsTaken={edit.ticketsTaken} />}
        </PartForm>
      );
  }
}
