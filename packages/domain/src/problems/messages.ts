/**
 * The message shown when a failed request carries no detail or title of its own. Kept free of zod
 * so the web app's first chunk can use it; contracts.ts can re-export it.
 */
export const genericErrorMessage = 'Something went wrong';

/** The answer (422) to an Idempotency-Key sent again with another request than the one it was first used for. */
export const idempotencyKeyReusedMessage = 'This Idempotency-Key was used for a different request.';

/** The answer (503, with Retry-After) while the database or another service the portal needs is out of reach. */
export const temporarilyUnavailableMessage = 'The service is temporarily unavailable. Please try again in a moment.';

/** What the app shows for such an answer: it passes, and Retry (or the next try) is the way on. */
export const tryAgainSoonMessage = "We're having trouble — try again in a moment.";
