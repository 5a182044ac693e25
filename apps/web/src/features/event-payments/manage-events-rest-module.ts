/**
 * Manage Events below its first screen (the unfinished orders, the payments and their dialogs, the exports): a chunk
 * of its own (decision 0225), which the page's loader asks for with its reads and its index.html names for the browser
 * to fetch after the first paint (routes.tsx).
 */
export const loadManageEventsRest = () => import('./components/manage-events-rest.tsx');
