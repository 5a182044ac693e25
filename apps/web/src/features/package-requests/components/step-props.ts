import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';

export interface StepProps {
  detail: PackageRequestDetail;
}

/** Select options from amounts: the labels say the unit. */
export const amountOptions = (values: readonly number[], unit: (n: number) => string) =>
  values.map((value) => ({ value: String(value), label: unit(value) }));
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
export const participants = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;

/** Whether two drafts of amounts by id differ. */
export function changed(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].some((key) => (a[key] ?? 0) !== (b[key] ?? 0));
}
