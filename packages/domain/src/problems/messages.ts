/**
 * The message shown when a failed request carries no detail or title of its own. Kept free of zod
 * so the web app's first chunk can use it; contracts.ts can re-export it.
 */
export const genericErrorMessage = 'Something went wrong';
