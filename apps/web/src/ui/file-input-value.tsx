/**
 * A FileInput's chosen file names, wrapped onto more lines instead of Mantine's one line cut with
 * "…" (a phone shows the whole name of the purchase order being sent).
 */
export function FileInputValue({ value }: { value: File | File[] | null }) {
  const names = Array.isArray(value) ? value.map((file) => file.name).join(', ') : (value?.name ?? '');
  return <div style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', lineHeight: 1.4 }}>{names}</div>;
}
