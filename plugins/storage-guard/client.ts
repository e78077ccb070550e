import {storageArea} from '../../src/lib/storage';

/**
 * Docusaurus' inline colour-mode script copies the stored `theme` value into <html data-theme>
 * as it is. A corrupted value (e.g. markup) cannot run, but it leaves the page in neither mode.
 * This module runs before hydration: it drops a stored theme that is not `light` or `dark` and
 * applies the system preference, as if nothing had been stored.
 */
export function repairTheme(storage: Storage | null, root: HTMLElement, prefersDark: boolean): void {
  if (!storage) return; // site data blocked: the inline script fell back to the system preference already
  let stored: string | null = null;
  try {
    stored = storage.getItem('theme');
  } catch {
    return; // storage disabled: the inline script fell back to the system preference already
  }
  if (stored === null || stored === 'light' || stored === 'dark') return;
  try {
    storage.removeItem('theme');
  } catch {
    // read-only storage: fixing the attribute is enough for this page
  }
  root.setAttribute('data-theme', prefersDark ? 'dark' : 'light');
  root.setAttribute('data-theme-choice', 'system');
}

if (typeof window !== 'undefined') {
  repairTheme(
    storageArea('localStorage'),
    document.documentElement,
    window.matchMedia('(prefers-color-scheme: dark)').matches,
  );
}
