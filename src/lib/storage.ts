/**
 * The one way the site's own code reads and writes browser storage. A browser that blocks site data
 * throws a SecurityError on the mere `window.localStorage` property read, not only on getItem, and an
 * uncaught one in a client module stops every module after it: the page never hydrates. So the property
 * read is inside the `try` here. Without storage, a reader's choices are kept in memory: they last until
 * the page is left or reloaded.
 */
type StorageArea = 'localStorage' | 'sessionStorage';

/** The storage area, or null when the browser refuses it (site data blocked) or there is no window. */
export function storageArea(area: StorageArea = 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[area];
  } catch {
    return null;
  }
}

/** What could not be stored, by area and key: read back until the page is left. */
const memory = new Map<string, string>();

/** The stored value (or the one kept in memory when storage refused it), or null when unset. */
export function readStored(key: string, area: StorageArea = 'localStorage'): string | null {
  const kept = memory.get(`${area}:${key}`);
  if (kept !== undefined) return kept;
  try {
    return storageArea(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` (null removes the key). False when storage is unavailable or full: the value is then
 * kept in memory for this page.
 */
export function writeStored(key: string, value: string | null, area: StorageArea = 'localStorage'): boolean {
  const slot = `${area}:${key}`;
  memory.delete(slot);
  const storage = storageArea(area);
  try {
    if (!storage) throw new Error('storage unavailable');
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    if (value !== null) memory.set(slot, value);
    return false;
  }
}
