import React, {useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import CommentForm from './CommentForm';
import {canSendFeedback, sendComment, sendVote} from './feedback';
import styles from './styles.module.css';

interface Props {
  readonly path: string;
}

/**
 * One page view's feedback: a Yes/No vote, then an optional comment. Docusaurus mounts a new DocItem, and so a
 * new form, for every docs route: a new page asks again (tests/e2e/page-feedback.spec.ts checks it).
 */
function FeedbackForm({path}: Props): ReactNode {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [commentSent, setCommentSent] = useState(false);
  const [status, setStatus] = useState('');
  const section = useRef<HTMLElement>(null);

  function vote(answer: boolean) {
    if (!sendVote(path, answer)) {
      setStatus('Your answer could not be sent. Please try again.');
      return;
    }
    setHelpful(answer);
    setStatus('Thanks for your feedback.');
  }

  function comment(text: string): boolean {
    if (helpful === null || !sendComment(path, helpful, text)) return false;
    setCommentSent(true);
    setStatus('Thanks for your feedback. Your comment was sent.');
    // The form disappears; keep keyboard focus inside the widget rather than dropping it to the page.
    section.current?.focus();
    return true;
  }

  return (
    // `page-feedback` is in the search theme's ignoreCssSelectors: the widget is never indexed.
    <section ref={section} tabIndex={-1} aria-label="Page feedback" className={clsx('page-feedback', styles.feedback)}>
      {helpful === null && (
        <fieldset className={styles.question}>
          <legend className={styles.legend}>Was this page helpful?</legend>
          <button type="button" className={styles.button} onClick={() => vote(true)}>
            Yes
          </button>
          <button type="button" className={styles.button} onClick={() => vote(false)}>
            No
          </button>
        </fieldset>
      )}
      <p role="status" aria-live="polite" className={styles.status}>
        {status}
      </p>
      {helpful !== null && !commentSent && <CommentForm helpful={helpful} onSend={comment} />}
    </section>
  );
}

/**
 * "Was this page helpful?" at the foot of every docs page (issue 11). Shown only after hydration and
 * only when an answer can actually be sent (see canSendFeedback): with no ANALYTICS_URL, or under
 * Do-Not-Track / Global Privacy Control, there is no widget. No cookies or storage: one vote per page view.
 */
export default function PageFeedback(): ReactNode {
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  if (!isBrowser || !canSendFeedback()) return null;
  return <FeedbackForm path={pathname} />;
}
