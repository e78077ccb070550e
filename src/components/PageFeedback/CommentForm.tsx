import React, {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {COMMENT_MAX_LENGTH} from './feedback';
import styles from './styles.module.css';

interface Props {
  readonly helpful: boolean;
  /** Returns whether the comment was handed to the browser. */
  readonly onSend: (comment: string) => boolean;
}

/** The optional comment after a vote. The text is only ever a textarea value and a JSON string, never HTML. */
export default function CommentForm({helpful, onSend}: Props): ReactNode {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  // The form replaces the Yes/No buttons the reader just pressed; without this, keyboard focus would be lost.
  useEffect(() => textarea.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (comment.trim() === '') {
      setProblem('Write a comment before sending. Your vote is already counted.');
      return;
    }
    if (!onSend(comment)) setProblem('Your comment could not be sent. Please try again.');
  }

  return (
    <form className={styles.commentForm} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-comment`} className={styles.label}>
        {helpful ? 'What helped you? (optional)' : 'What was missing or unclear? (optional)'}
      </label>
      <textarea
        id={`${id}-comment`}
        ref={textarea}
        className={styles.textarea}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
          setProblem('');
        }}
        aria-describedby={`${id}-hint ${id}-count${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem !== '' || undefined}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        Please leave out personal details: comments are stored as you write them.
      </p>
      <p id={`${id}-count`} className={styles.hint}>
        {comment.length} of {COMMENT_MAX_LENGTH} characters
      </p>
      {problem && (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className={styles.button}>
        Send comment
      </button>
    </form>
  );
}
