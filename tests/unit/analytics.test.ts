import {describe, expect, it, vi} from 'vitest';

vi.mock('@generated/docusaurus.config', () => ({default: {customFields: {analyticsUrl: 'https://collect.example/e'}}}));
const {readerOptedOut, sendEvent} = await import('../../src/lib/analytics');

describe('readerOptedOut', () => {
  it.each([
    [{doNotTrack: '1'}, undefined, true],
    [{doNotTrack: 'yes'}, undefined, true],
    [{globalPrivacyControl: true}, undefined, true],
    [{doNotTrack: null}, {doNotTrack: '1'}, true],
    [{doNotTrack: '0'}, undefined, false],
    [{doNotTrack: 'unspecified', globalPrivacyControl: false}, undefined, false],
    [{}, undefined, false],
  ])('%j / window %j → %s', (nav, win, expected) => {
    expect(readerOptedOut(nav, win)).toBe(expected);
  });
});

describe('sendEvent', () => {
  it('sends one beacon to the configured endpoint', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', {sendBeacon});
    vi.stubGlobal('window', {});
    expect(sendEvent({type: 'pageview', path: '/'})).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('https://collect.example/e', expect.any(Blob));
  });

  it('sends nothing under Global Privacy Control', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', {sendBeacon, globalPrivacyControl: true});
    vi.stubGlobal('window', {});
    expect(sendEvent({type: 'pageview'})).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
