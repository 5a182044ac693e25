import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  parsePastedList,
  pastedListMessages as messages,
  planSeats,
  seatedPeople,
  type ListedPerson,
  type PlannedPerson,
} from '@portal/domain/people/pasted-list.ts';
import { EmailAddress } from '../../ui/email-address.tsx';
import { FileInputValue } from '../../ui/file-input-value.tsx';
import { MachineText } from '../../ui/machine-text.tsx';

export type SeatedPerson = PlannedPerson & { seat: number };

export interface PasteListModalProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's name, e.g. 'Paste a list' or, with several lists on one page, whose seats it fills. */
  title?: string;
  /** Indexes of the seats that are empty in the draft, in seat order. */
  freeSeats: readonly number[];
  /** Emails already on a seat of the draft. */
  taken: readonly string[];
  /** How the preview names a seat, e.g. 'Seat 3'. */
  seatLabel: (seat: number) => string;
  /**
   * Fills the draft (and may first resolve the people on the server). The modal closes on true; on
   * false (the caller has told the person why) the list stays for another try.
   */
  onConfirm: (people: SeatedPerson[]) => boolean | Promise<boolean>;
}

/** A CSV file's text; a file that cannot be read reads as nothing, and the preview says so. */
async function readText(file: File | null): Promise<string> {
  if (!file) return '';
  try {
    return await file.text();
  } catch {
    return '';
  }
}

function PreviewRow({ person, seatLabel }: { person: PlannedPerson; seatLabel: (seat: number) => string }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <Table.Tr>
      <Table.Td>{person.line}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {person.email ? <EmailAddress email={person.email} /> : <MachineText text={person.text} />}
        {name ? (
          <Text size="xs" c="dimmed">
            {name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {person.seat !== null ? (
          seatLabel(person.seat)
        ) : (
          <Badge color="red" variant="light" c="dark" style={{ whiteSpace: 'normal', height: 'auto' }}>
            {messages.problems[person.problem ?? 'invalid']}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * 'Paste a list' (issue 25): pasted emails or a CSV file, previewed line by line against the draft's
 * free seats with each line's problem, and laid onto those seats only when the person confirms. Nothing
 * is saved here: the page's own Save does that, with its own checks.
 */
export function PasteListModal({
  opened,
  onClose,
  title = messages.paste,
  freeSeats,
  taken,
  seatLabel,
  onConfirm,
}: PasteListModalProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fromFile, setFromFile] = useState<ListedPerson[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const listed = fromFile ?? parsePastedList(text);
  const plan = planSeats(listed, freeSeats, taken);
  const seated = seatedPeople(plan);
  const problems = plan.length - seated.length;

  const close = () => {
    setText('');
    setFile(null);
    setFromFile(null);
    onClose();
  };
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) {
      setFromFile(null);
      return;
    }
    // The CSV parser comes with the first file chosen, not with every page that offers a paste.
    void Promise.all([readText(chosen), import('@portal/domain/people/pasted-csv.ts')]).then(
      ([csv, { parseCsvList }]) => setFromFile(parseCsvList(csv)),
    );
  };
  const confirm = async () => {
    setConfirming(true);
    try {
      if (await onConfirm(seated)) close();
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Textarea
          label={messages.textLabel}
          description={messages.textDescription}
          rows={5}
          resize="vertical"
          value={text}
          disabled={file !== null}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <FileInput
          label={messages.fileLabel}
          description={messages.fileDescription}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear file' }}
          value={file}
          onChange={chooseFile}
          valueComponent={FileInputValue}
          placeholder={messages.chooseFile}
        />
        {freeSeats.length === 0 ? (
          <Alert color="yellow" variant="light">
            {messages.noFreeSeats}
          </Alert>
        ) : null}
        {plan.length === 0 ? (
          <Text size="sm" c="dimmed">
            {messages.empty}
          </Text>
        ) : (
          <>
            <Text size="sm" role="status">
              {`${seated.length} of ${plan.length} ${plan.length === 1 ? 'line fills' : 'lines fill'} a seat` +
                (problems > 0 ? `; ${problems} with a problem will be left out.` : '.')}
            </Text>
            {/*
              Three short columns fit a phone as a table: stacked into cards (ResponsiveTable) each line took about
              240 px and pushed the confirm button far below the fold. A long list scrolls inside its own box.
            */}
            <ScrollArea.Autosize
              mah="40dvh"
              type="auto"
              scrollbars="y"
              offsetScrollbars
              // A box that scrolls is reached by the keyboard too, and says what it holds.
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Lines of the list' }}
            >
              <Table aria-label="Parsed list" layout="fixed" fz="sm" verticalSpacing={4} horizontalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="3.5rem">Line</Table.Th>
                    <Table.Th>Person</Table.Th>
                    <Table.Th w="38%">Seat or problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plan.map((person, index) => (
                    // Lines are recomputed from the text on every change; their order is their identity.
                    <PreviewRow key={index} person={person} seatLabel={seatLabel} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={confirming}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={seated.length === 0} loading={confirming}>
            {messages.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
