import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {readStored, storageArea, writeStored} from '../../src/lib/storage';
import {repairTheme} from '../../plugins/storage-guard/client';

function fakeStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    data,
  } as unknown as Storage & {data: Map<string, string>};
}

function fakeRoot(theme: string) {
  const attrs = new Map([['data-theme', theme]]);
  return {setAttribute: (k: string, v: string) => void attrs.set(k, v), attrs} as unknown as HTMLElement & {
    attrs: Map<string, string>;
  };
}

describe('repairTheme', () => {
  it.each(['light', 'dark'])('keeps a valid stored theme (%s)', (theme) => {
    const storage = fakeStorage({theme});
    const root = fakeRoot(theme);
    repairTheme(storage, root, true);
    expect(storage.data.get('theme')).toBe(theme);
    expect(root.attrs.get('data-theme')).toBe(theme);
  });

  it.each([
    ['"><img src=x onerror=alert(1)>', false, 'light'],
    ['DARK', true, 'dark'],
    ['', false, 'light'],
  ])('drops %j and applies the system preference', (value, prefersDark, expected) => {
    const storage = fakeStorage({theme: value});
    const root = fakeRoot(value);
    repairTheme(storage, root, prefersDark);
    expect(storage.data.has('theme')).toBe(false);
    expect(root.attrs.get('data-theme')).toBe(expected);
  });

  it('survives storage that throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => repairTheme(storage, fakeRoot('light'), false)).not.toThrow();
  });
});

describe('site data blocked: the storage property itself throws', () => {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  let restore: () => void;
  beforeEach(() => {
    const previous = Object.getOwnPropertyDescriptor(globalThis, 'window');
    const fakeWindow = {};
    for (const area of ['localStorage', 'sessionStorage']) Object.defineProperty(fakeWindow, area, {get: blocked});
    Object.defineProperty(globalThis, 'window', {value: fakeWindow, configurable: true});
    restore = () => {
      if (previous) Object.defineProperty(globalThis, 'window', previous);
      else delete (globalThis as {window?: unknown}).window;
    };
  });
  afterEach(() => restore());

  it('nothing throws, and a choice is kept in memory for the page', () => {
    expect(storageArea('localStorage')).toBeNull();
    expect(readStored('theme')).toBeNull();
    expect(writeStored('choice', 'python')).toBe(false);
    expect(readStored('choice')).toBe('python');
    expect(readStored('choice', 'sessionStorage')).toBeNull();
    expect(writeStored('choice', null)).toBe(false);
    expect(readStored('choice')).toBeNull();
  });

  it('the theme repair leaves the page alone', () => {
    const root = fakeRoot('dark');
    expect(() => repairTheme(storageArea('localStorage'), root, false)).not.toThrow();
    expect(root.attrs.get('data-theme')).toBe('dark');
  });
});
