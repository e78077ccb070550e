import siteConfig from '@generated/docusaurus.config';

/** Where events go; empty when the site was built without ANALYTICS_URL. */
export function analyticsEndpoint(): string {
  const url = siteConfig.customFields?.analyticsUrl;
  return typeof url === 'string' ? url : '';
}

interface PrivacySignals {
  readonly doNotTrack?: string | null;
  readonly globalPrivacyControl?: boolean;
}

/** True when the reader asked not to be tracked (Do-Not-Track or Global Privacy Control). */
export function readerOptedOut(nav: PrivacySignals, win?: {doNotTrack?: string | null}): boolean {
  const dnt = nav.doNotTrack ?? win?.doNotTrack;
  return dnt === '1' || dnt === 'yes' || nav.globalPrivacyControl === true;
}

/**
 * Sends one event with navigator.sendBeacon: no cookies (credentials are never attached to a
 * cross-origin beacon without CORS opt-in, and we set none), no retries, never throws.
 * Returns whether an event was handed to the browser.
 */
export function sendEvent(event: Record<string, unknown>): boolean {
  const endpoint = analyticsEndpoint();
  if (!endpoint || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  if (readerOptedOut(navigator as PrivacySignals, window as {doNotTrack?: string | null})) return false;
  try {
    const body = new Blob([JSON.stringify(event)], {type: 'text/plain;charset=UTF-8'});
    return navigator.sendBeacon(endpoint, body);
  } catch {
    return false;
  }
}
