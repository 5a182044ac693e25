// Lists pasted, not typed (issue 25): people given as pasted text or a CSV file, checked and laid onto
// the free seats of a registration request or a ticket allocation before anything is saved. Pure, so
// the preview (web) and the resolving route (server) read the same list the same way.

/** One person as the list gives them; `line` is the pasted line or the CSV row (1-based). */
export interface ListedPerson {
  line: number;
  /** The entry as written, for the preview. */
  text: string;
  /** Trimmed and lower-cased (emails are compared case-insensitively everywhere). */
  email: string;
  firstName: string;
  lastName: string;
}

export type ListProblem = 'invalid' | 'duplicate' | 'taken' | 'overflow';

/** A listed person with the seat they will fill (0-based index among all seats) or why they will not. */
export interface PlannedPerson extends ListedPerson {
  seat: number | null;
  problem: ListProblem | null;
}

export const pastedListMessages = {
  paste: 'Paste a list',
  textLabel: 'Emails, one per line or separated by commas',
  textDescription: 'Each line may be an email or First Last <email>.',
  fileLabel: 'Or upload a CSV file',
  /** Inside the file control, so it reads as a button and not an empty box. */
  chooseFile: 'Choose file',
  fileDescription: 'Columns: email, first name, last name. A header row is optional.',
  confirm: 'Fill the seats',
  problems: {
    invalid: 'Not a valid email address',
    duplicate: 'Listed twice',
    taken: 'Already holds a seat',
    overflow: 'More names than seats',
  } satisfies Record<ListProblem, string>,
  empty: 'Nothing to fill yet: paste emails or choose a CSV file.',
  noFreeSeats: 'Every seat is filled: clear a seat first.',
} as const;

/** Enough to refuse a typo without rejecting what mail servers accept (the schemas check again on save). */
const emailShape = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

export const isListEmail = (email: string): boolean => email.length <= 254 && emailShape.test(email);

function splitName(name: string): { firstName: string; lastName: string } {
  const plain = name.trim().replace(/^"|"$/g, '').trim();
  // 'Lee, Ann' is the address books' Last, First.
  const comma = plain.indexOf(',');
  if (comma >= 0) return { firstName: plain.slice(comma + 1).trim(), lastName: plain.slice(0, comma).trim() };
  const words = plain.split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** 'ann@x.org' or 'Ann Lee <ann@x.org>' (the name may be quoted). */
function personOf(line: number, text: string): ListedPerson {
  const named = /^(.*?)<([^<>]*)>\s*$/.exec(text);
  if (named) {
    return { line, text, email: (named[2] ?? '').trim().toLowerCase(), ...splitName(named[1] ?? '') };
  }
  return { line, text, email: text.replace(/^mailto:/i, '').toLowerCase(), firstName: '', lastName: '' };
}

/** Splits one line at commas and semicolons that are not inside quotes or angle brackets. */
function splitEntries(line: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  let bracketed = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === '<' && !quoted) bracketed = true;
    else if (char === '>' && !quoted) bracketed = false;
    if ((char === ',' || char === ';') && !quoted && !bracketed) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** Pasted text: emails one per line or separated by commas or semicolons, each optionally 'First Last <email>'. */
export function parsePastedList(text: string): ListedPerson[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line, index) => splitEntries(line).map((entry) => personOf(index + 1, entry)));
}

/**
 * Lays the list onto the free seats in order (`freeSeats` are seat indexes, in seat order). A line
 * fills no seat when its address is invalid, was listed before (case-insensitively), already holds a
 * seat (`taken`), or comes after the free seats ran out.
 */
export function planSeats(
  people: readonly ListedPerson[],
  freeSeats: readonly number[],
  taken: readonly string[],
): PlannedPerson[] {
  const holding = new Set(taken.map((email) => email.trim().toLowerCase()).filter(Boolean));
  const listed = new Set<string>();
  let filled = 0;
  return people.map((person) => {
    const problem: ListProblem | null = !isListEmail(person.email)
      ? 'invalid'
      : listed.has(person.email)
        ? 'duplicate'
        : holding.has(person.email)
          ? 'taken'
          : filled >= freeSeats.length
            ? 'overflow'
            : null;
    listed.add(person.email);
    if (problem) return { ...person, seat: null, problem };
    const seat = freeSeats[filled] ?? null;
    filled += 1;
    return { ...person, seat, problem };
  });
}

/** The people who will fill seats, in seat order. */
export const seatedPeople = (plan: readonly PlannedPerson[]) =>
  plan.filter((person): person is PlannedPerson & { seat: number } => person.seat !== null);
