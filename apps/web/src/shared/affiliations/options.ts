import type { Lookups } from '../../lib/lookups.ts';

export function positionOptions(lookups: Lookups) {
  return lookups.positions.map((position) => ({ value: position.id, label: position.label }));
}

export function gradeOptions(lookups: Lookups) {
  return lookups.grades.map((grade) => ({ value: grade.id, label: grade.name }));
}

/** Chosen grades are kept in grade order (Pre-K, K, 1…12), whatever order they were picked in. */
export function inGradeOrder(lookups: Lookups, ids: string[]): string[] {
  const order = new Map(lookups.grades.map((grade, index) => [grade.id, index]));
  return [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
