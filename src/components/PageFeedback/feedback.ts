import {analyticsEndpoint, readerOptedOut, sendEvent} from '@site/src/lib/analytics';

/** Longest comment a reader can send; the textarea enforces it and shows a counter. */
export const COMMENT_MAX_LENGTH = 500;

/**
 * Whether a feedback event can reach the analytics endpoint from this browser: the build has
 * ANALYTICS_URL, the browser has sendBeacon, and the reader sent neither Do-Not-Track nor Global
 * Privacy Control. When it cannot, the widget is not shown at all, so nobody is thanked for an
 * answer that went nowhere (issue 11).
 */
export function canSendFeedback(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return analyticsEndpoint() !== '' && !readerOptedOut(navigator, window as {doNotTrack?: string | null});
}

/**
 * Two event shapes, posted through the same endpoint as page views (plugins/page-analytics/README.md):
 * - the vote, sent at once:        {type: 'feedback', path, helpful, timestamp}
 * - the comment, only if written:  {type: 'feedback-comment', path, helpful, comment, timestamp}
 * A separate type keeps vote counts right: a comment never counts as a second vote.
 */
export function sendVote(path: string, helpful: boolean): boolean {
  return sendEvent({type: 'feedback', path, helpful, timestamp: Date.now()});
}

export function sendComment(path: string, helpful: boolean, comment: string): boolean {
  const text = comment.trim().slice(0, COMMENT_MAX_LENGTH);
  return sendEvent({type: 'feedback-comment', path, helpful, comment: text, timestamp: Date.now()});
}
