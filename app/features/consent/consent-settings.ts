/** The footer's 'Cookie settings' button opens the banner again through this event. */
export const OPEN_COOKIE_SETTINGS_EVENT = 'doorstep:open-cookie-settings';

export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}
