/** Set while someone is signed in on this browser, so sign-out (even a missed one) clears saved searches. */
export const SAVED_SEARCHES_USER_KEY = 'doorstep.savedSearches.user';
