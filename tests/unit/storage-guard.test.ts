import {describe, expect, it} from 'vitest';
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
