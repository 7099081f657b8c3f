// Saved views (issue #53): a list's filters, order and columns kept by name for one operator. Only
// the Transactions list has them today; the list is a column so another list can have its own.
export const savedViewLists = ["transactions"] as const;
export type SavedViewList = (typeof savedViewLists)[number];

/** A view's name: 1 to 60 characters. */
export const maxSavedViewNameLength = 60;
/** How many views an operator keeps per list. */
export const maxSavedViewsPerList = 20;

/** A saved view as pages and the views control see it: `query` is the list's query string, without "?". */
export type SavedView = { id: string; name: string; query: string };

/**
 * A saved view in the views control: `query` is its stored query as the list's parser reads it today
 * (valid fields only), or null when a field no longer is (an outdated or altered view: shown, not linked).
 */
export type SavedViewEntry = { id: string; name: string; query: string | null };
