import {beforeEach, describe, expect, it, vi} from 'vitest';

const sendEvent = vi.fn<(event: Record<string, unknown>) => boolean>(() => true);
const endpoint = vi.fn(() => '/__analytics');
vi.mock('@site/src/lib/analytics', async () => {
  const real = await vi.importActual<typeof import('../../src/lib/analytics')>('../../src/lib/analytics');
  return {readerOptedOut: real.readerOptedOut, analyticsEndpoint: endpoint, sendEvent};
});
vi.mock('@generated/docusaurus.config', () => ({default: {customFields: {}}}));
const {COMMENT_MAX_LENGTH, canSendFeedback, sendComment, sendVote} =
  await import('../../src/components/PageFeedback/feedback');

describe('feedback events', () => {
  beforeEach(() => sendEvent.mockClear());

  it('a vote is one "feedback" event with the path and the answer', () => {
    expect(sendVote('/next/guides/x', false)).toBe(true);
    expect(sendEvent).toHaveBeenCalledExactlyOnceWith({
      type: 'feedback',
      path: '/next/guides/x',
      helpful: false,
      timestamp: expect.any(Number),
    });
  });

  it('a comment is a separate "feedback-comment" event, trimmed and cut to the maximum length', () => {
    sendComment('/guides/x', true, `  ${'a'.repeat(COMMENT_MAX_LENGTH + 20)}  `);
    const [event] = sendEvent.mock.calls[0];
    expect(event).toMatchObject({type: 'feedback-comment', path: '/guides/x', helpful: true});
    expect(event.comment).toBe('a'.repeat(COMMENT_MAX_LENGTH));
  });
});

describe('canSendFeedback', () => {
  const sendBeacon = (): boolean => true;
  it.each([
    ['analytics on, no opt-out', true, '/__analytics', {sendBeacon}],
    ['no ANALYTICS_URL', false, '', {sendBeacon}],
    ['Do-Not-Track', false, '/__analytics', {sendBeacon, doNotTrack: '1'}],
    ['Global Privacy Control', false, '/__analytics', {sendBeacon, globalPrivacyControl: true}],
    ['no sendBeacon', false, '/__analytics', {}],
  ])('%s → %s', (_name, expected, url, nav) => {
    endpoint.mockReturnValue(url);
    vi.stubGlobal('navigator', nav);
    vi.stubGlobal('window', {});
    expect(canSendFeedback()).toBe(expected);
    vi.unstubAllGlobals();
  });
});
