import React, {useRef, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {chatLinks} from './chatLinks';
import styles from './styles.module.css';

interface Props {
  /** The page's Markdown copy, written next to it by plugins/markdown-export. */
  readonly markdownUrl: string;
}

/** What the status line says; an empty message says nothing (before the first copy). */
interface Status {
  readonly busy: boolean;
  readonly message: string;
}

/** The Markdown is downloaded only when asked for, so pages stay as light as they were. */
async function fetchMarkdown(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the Markdown could not be downloaded (${(error as Error).message})`);
  }
  if (!response.ok) throw new Error(`the Markdown could not be downloaded (the server answered ${response.status})`);
  return response.text();
}

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('this browser gives this page no access to the clipboard');
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    throw new Error(`the browser refused access to the clipboard (${(error as Error).message})`);
  }
}

/**
 * "Copy page" and "View as Markdown" (issue 11): a page's Markdown for a chat assistant or an editor;
 * "Open in ChatGPT" and "Open in Claude" (issue 22) start a chat about it.
 */
export default function PageMarkdownActions({markdownUrl}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const [status, setStatus] = useState<Status>({busy: false, message: ''});
  // A second press while a copy is running is ignored rather than disabling the button, which
  // would drop keyboard focus to the page.
  const running = useRef(false);

  async function copy() {
    if (running.current) return;
    running.current = true;
    setStatus({busy: true, message: 'Copying…'});
    try {
      await writeClipboard(await fetchMarkdown(markdownUrl));
      setStatus({busy: false, message: 'Copied'});
    } catch (error) {
      setStatus({busy: false, message: `Could not copy: ${(error as Error).message}. “View as Markdown” still works.`});
    } finally {
      running.current = false;
    }
  }

  return (
    <div className={styles.actions} role="group" aria-label="This page as Markdown">
      <button type="button" className={styles.action} aria-busy={status.busy} onClick={() => void copy()}>
        Copy page
      </button>
      <a className={styles.action} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      {chatLinks(siteConfig.url, markdownUrl).map(({assistant, href}) => (
        <a key={assistant} className={styles.action} href={href} target="_blank" rel="noopener noreferrer">
          Open in {assistant}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ))}
      <span className={styles.status} role="status" aria-live="polite">
        {status.message}
      </span>
    </div>
  );
}
