/**
 * How a person's name is written on every screen ("First Last"). Kept free of zod so the web app's
 * shell and layouts can use it without loading the validation library; auth.ts can re-export it.
 */
export function displayName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
