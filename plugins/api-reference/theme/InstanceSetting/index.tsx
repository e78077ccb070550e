import React, {useId, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {parseInstanceUrl, parseProjectUuid, useInstance} from '../preferences';
import {SEARCH_SKIP} from '../ApiShell/searchSkip';
import styles from './styles.module.css';

interface Props {
  /** The server the samples call when the reader has set nothing. */
  readonly defaultServer: string;
}

interface Errors {
  readonly url?: string;
  readonly projectUuid?: string;
}

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  readonly id: string;
  readonly label: string;
  readonly error?: string;
}

/** A labelled input with its error under it, tied to the input for screen readers. */
function Field({id, label, error, ...input}: FieldProps): ReactNode {
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

/**
 * "Your Lightdash URL": where every sample, the try-it console and the recipes send their calls,
 * and optionally the project they use. Kept in localStorage (it is not a secret); the API key is
 * never part of it.
 */
export default function InstanceSetting({defaultServer}: Props): ReactNode {
  const id = useId();
  const [instance, setInstance] = useInstance();
  const [url, setUrl] = useState('');
  const [projectUuid, setProjectUuid] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  // The form saves with JavaScript only: the server-rendered page (and a reader without JavaScript) shows the
  // address the samples call, not a form that cannot save.
  const isBrowser = useIsBrowser();
  // The fields start from what is saved each time the setting is opened.
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open) return;
    setUrl(instance?.url ?? '');
    setProjectUuid(instance?.projectUuid ?? '');
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsedUrl = parseInstanceUrl(url);
    const parsedProject = parseProjectUuid(projectUuid);
    setErrors({
      ...(!parsedUrl.ok && {url: parsedUrl.error}),
      ...(!parsedProject.ok && {projectUuid: parsedProject.error}),
    });
    if (!parsedUrl.ok || !parsedProject.ok) {
      setSaved('');
      return;
    }
    setInstance({url: parsedUrl.value, ...(parsedProject.value && {projectUuid: parsedProject.value})});
    setSaved(`Saved: the samples now call ${parsedUrl.value}.`);
  };
  const reset = () => {
    setInstance(null);
    setErrors({});
    setSaved(`Reset: the samples call ${defaultServer} again.`);
  };

  return (
    <details className={clsx(styles.setting, SEARCH_SKIP)} onToggle={onToggle}>
      <summary>
        Your Lightdash URL: <span className={styles.current}>{instance?.url ?? defaultServer}</span>
      </summary>
      {isBrowser && (
        <form noValidate onSubmit={save} aria-label="Your Lightdash instance">
          <Field
            id={`${id}-url`}
            label="Lightdash URL"
            error={errors.url}
            type="url"
            inputMode="url"
            placeholder={defaultServer}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Field
            id={`${id}-project`}
            label="Project UUID (optional)"
            error={errors.projectUuid}
            spellCheck={false}
            value={projectUuid}
            onChange={(e) => setProjectUuid(e.target.value)}
          />
          <div className={styles.actions}>
            <button type="submit" className="button button--primary button--sm">
              Save
            </button>
            <button type="button" className="button button--secondary button--sm" onClick={reset}>
              Reset
            </button>
          </div>
          <p role="status" className={styles.status}>
            {saved}
          </p>
          <p className={styles.help}>
            Kept in this browser&apos;s local storage so every sample, the try-it console and the API recipes use it. It
            is not a secret; your API key is never stored here.
          </p>
        </form>
      )}
    </details>
  );
}
