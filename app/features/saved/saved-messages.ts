/**
 * The saved-item limit of spec point 9 and the messages the save toggles show. Kept apart from the schemas so the
 * toggle on every card does not bring zod to pages that have no form.
 */
export const SAVED_ITEM_LIMIT = 200;

export const SAVED_SEARCHES_LIMIT_MESSAGE = `You can save up to ${SAVED_ITEM_LIMIT} searches. Remove one to save another.`;
export const SAVED_PROPERTIES_LIMIT_MESSAGE = `You can save up to ${SAVED_ITEM_LIMIT} properties. Remove one to save another.`;
export const PROPERTY_SAVED_MESSAGE = 'Property saved.';
export const SAVED_PROPERTY_REMOVED_MESSAGE = 'Saved property removed.';
export const SEARCH_SAVED_MESSAGE = 'Search saved. Find it under Saved Searches in your account.';
export const SEARCH_ALREADY_SAVED_MESSAGE = 'You have already saved this search.';
