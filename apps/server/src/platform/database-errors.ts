/**
 * The error and every error in its chain of causes, outermost first, each once. drizzle wraps the driver's error
 * (node-postgres' DatabaseError, PGlite's) in its own error's `cause`, so what the driver reported is further in.
 */
export function* causesOf(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (
    let cause = error;
    typeof cause === 'object' && cause !== null && !seen.has(cause);
    cause = (cause as { cause?: unknown }).cause
  ) {
    seen.add(cause);
    yield cause;
  }
}

/**
 * The unique index (or constraint) a failed statement ran into, or null when the error is not a
 * unique violation (SQLSTATE 23505). Both drivers report `code` and `constraint` on their error
 * (node-postgres' DatabaseError, PGlite's), somewhere in the chain of causes (causesOf). An empty string means a
 * unique violation with no name reported.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (const cause of causesOf(error)) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The SQLSTATE of a failed statement, from the error or the first cause that carries one (as above). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const cause of causesOf(error)) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}
