/** US calendar dates as typed and shown: MM/DD/YYYY. Stored as ISO dates (YYYY-MM-DD). */
const usDate = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function parseUsDate(input: string): string | null {
  const match = usDate.exec(input.trim());
  if (!match) return null;
  const [, mm, dd, yyyy] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${yyyy}-${mm}-${dd}`;
}

export function formatUsDate(iso: string): string {
  const [yyyy, mm, dd] = iso.slice(0, 10).split('-');
  return `${mm}/${dd}/${yyyy}`;
}
