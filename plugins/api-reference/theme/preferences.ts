/**
 * What an API reader chooses once and sees on every API page and recipe: the sample language and
 * their own Lightdash instance. Both live in localStorage (neither is a secret; the API key is never
 * stored here). A value that does not parse or validate is treated as unset, so a corrupted or
 * hostile stored value can only bring back the defaults.
 */
import {useSyncExternalStore} from 'react';
import {readStored, writeStored} from '../../../src/lib/storage';
import {INSTANCE_KEY, LANGUAGE_KEY} from '../storageKeys';

/** Sent to same-page listeners: the browser's `storage` event only reaches other tabs. */
const CHANGE_EVENT = 'lightdash-docs:api-preferences';

/** The Lightdash instance a reader's samples should call. */
export interface Instance {
  /** Origin plus any path prefix, without a trailing slash: `https://lightdash.example.com`. */
  readonly url: string;
  readonly projectUuid?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Parsed<T> = {readonly ok: true; readonly value: T} | {readonly ok: false; readonly error: string};

/** A Lightdash address as a reader types it, or why it cannot be one. */
export function parseInstanceUrl(text: string): Parsed<string> {
  const trimmed = text.trim();
  if (!trimmed) return {ok: false, error: 'Enter the address of your Lightdash instance.'};
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      ok: false,
      error: `"${trimmed}" is not a web address. Start it with https://, such as https://lightdash.example.com.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {ok: false, error: 'The address must start with https:// (or http:// for a local instance).'};
  if (url.username || url.password) return {ok: false, error: 'Leave the user name and password out of the address.'};
  if (url.search || url.hash) return {ok: false, error: 'Give the address without ? or # parts.'};
  return {ok: true, value: `${url.origin}${url.pathname.replace(/\/+$/, '')}`};
}

/** An optional project UUID: empty is fine, anything else must be a UUID. */
export function parseProjectUuid(text: string): Parsed<string | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return {ok: true, value: undefined};
  if (!UUID.test(trimmed))
    return {
      ok: false,
      error: 'A project UUID looks like 3675b69e-8324-4110-bdca-059031aa8da3: copy it from a chart address.',
    };
  return {ok: true, value: trimmed.toLowerCase()};
}

/** The stored instance, or null when nothing valid is stored. */
export function parseStoredInstance(raw: string | null): Instance | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as {url?: unknown; projectUuid?: unknown};
    if (typeof value?.url !== 'string') return null;
    const url = parseInstanceUrl(value.url);
    if (!url.ok) return null;
    const project = typeof value.projectUuid === 'string' ? parseProjectUuid(value.projectUuid) : null;
    return project?.ok && project.value ? {url: url.value, projectUuid: project.value} : {url: url.value};
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  // Storage disabled or full: the choice lasts until the page is left.
  writeStored(key, value);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The stored language if it is one of `languages`, else the first of them. */
export function pickLanguage(stored: string | null, languages: readonly string[]): string {
  return stored !== null && languages.includes(stored) ? stored : languages[0];
}

/** The reader's sample language; the server (and the first render) use the first language. */
export function useLanguage(languages: readonly string[]): [string, (language: string) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => readStored(LANGUAGE_KEY),
    () => null,
  );
  return [pickLanguage(stored, languages), (language) => write(LANGUAGE_KEY, language)];
}

/** The reader's instance, or null (always null on the server and in the first render). */
export function useInstance(): [Instance | null, (instance: Instance | null) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(INSTANCE_KEY),
    () => null,
  );
  // parseStoredInstance is cheap, and memoising on `raw` would be the same as recomputing here.
  return [parseStoredInstance(raw), (instance) => write(INSTANCE_KEY, instance && JSON.stringify(instance))];
}

/** What a generated sample was written against, and so what to replace. */
export interface SampleDefaults {
  /** The server every sample calls: `https://app.lightdash.cloud`. */
  readonly server: string;
  /** The project UUIDs a sample may contain: the contract's example and the placeholder. */
  readonly projectUuids: readonly string[];
}

/** A sample with the reader's instance (and project, when they gave one) in place of the defaults. */
export function personalise(code: string, defaults: SampleDefaults, instance: Instance | null): string {
  if (!instance) return code;
  let result = code.split(defaults.server).join(instance.url);
  if (instance.projectUuid) {
    for (const uuid of defaults.projectUuids) result = result.split(uuid).join(instance.projectUuid);
  }
  return result;
}

/**
 * What the API recipes' code is written against: Lightdash Cloud's address and the example project
 * (tests/unit/api-reference.reading.test.ts checks the recipes and the contract use these).
 */
export const RECIPE_DEFAULTS: SampleDefaults = {
  server: 'https://app.lightdash.cloud',
  projectUuids: ['3675b69e-8324-4110-bdca-059031aa8da3'],
};
