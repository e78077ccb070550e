import React, {useEffect, useId, useRef, useState, type DragEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import type {LightdashVersion, Severity, YamlCheckResult, YamlProblem} from '@site/src/lib/yamlCheck/checkYaml';
import {RELEASED_VERSION} from '@site/src/lib/releasedVersion.mjs';
import {CheckRunner} from './checkRunner';
import styles from './styles.module.css';

/**
 * Quiet time after the last keystroke before a check starts. A 10,000-line file takes a quarter of a second or more
 * to check (bench-results/yaml-check.md), so checking on every keystroke would keep the worker busy for nothing.
 */
const DEBOUNCE_MS = 300;
/** A file larger than this is not even read (the checker's own cap, MAX_YAML_CHARS, is 1,000,000 characters). */
const MAX_FILE_BYTES = 4_000_000;

/** `code` spans of a message as <code>, the rest as text: messages are plain text, never HTML. */
function MessageText({text}: {readonly text: string}): ReactNode {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

interface ProblemProps {
  readonly problem: YamlProblem;
  readonly versionRoot: string;
  readonly onShowLine: (line: number, column: number) => void;
}

/** The words for each severity, the same on the page, in the MCP tool and in the VS Code guide. */
const SEVERITY_LABELS: Record<Severity, string> = {error: 'Error', warning: 'Warning', later: 'Later version'};

function Problem({problem, versionRoot, onShowLine}: ProblemProps): ReactNode {
  const [page, anchor] = problem.docs.split('#');
  return (
    <li className={clsx(styles.problem, styles[problem.severity])}>
      <span className={styles.severity}>{SEVERITY_LABELS[problem.severity]}</span>
      <button type="button" className={styles.lineButton} onClick={() => onShowLine(problem.line, problem.column)}>
        Line {problem.line}, column {problem.column}
      </button>
      {problem.path && <code className={styles.path}>{problem.path}</code>}
      <p className={styles.message}>
        <MessageText text={problem.message} />
      </p>
      <Link className={styles.docsLink} to={`${versionRoot}/${page}#${anchor}`}>
        {problem.kind === 'schema' ? 'Read the reference' : 'Read how to fix it'}
        <span className="visually-hidden"> for line {problem.line}</span>
      </Link>
    </li>
  );
}

const IDLE_STATUS = 'Paste a schema.yml above, or open a file, to check it.';

const VERSION_NAMES: Record<LightdashVersion, string> = {
  [RELEASED_VERSION]: `Lightdash ${RELEASED_VERSION}`,
  next: 'Next',
};

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function summary(result: YamlCheckResult): string {
  // A check that never ran to the end (stopped past its budget, or failed) says why in the status itself.
  if (result.lines === 0 && result.problems[0]?.kind === 'limit') return result.problems[0].message;
  const lines = plural(result.lines, 'line', 'lines');
  const {error, warning, later} = result.counts;
  if (error + warning + later === 0) return `No problems found in ${lines}.`;
  const parts = [
    error ? plural(error, 'error', 'errors') : '',
    warning ? plural(warning, 'warning', 'warnings') : '',
    later ? plural(later, 'later-version note', 'later-version notes') : '',
  ].filter(Boolean);
  const found = `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]}`;
  const shown = result.omitted ? ` The first ${result.problems.length} are listed.` : '';
  return `${found} found in ${lines}.${shown}`;
}

/**
 * The "Validate your YAML" checker: paste, type or drop a dbt properties file and see each problem with its line,
 * its YAML path and the docs section that explains the setting. The text stays in the browser: the check runs in a
 * Web Worker of this page (checkRunner.ts) and nothing is sent anywhere.
 */
export default function YamlValidator(): ReactNode {
  const inputId = useId();
  const fileId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const runner = useRef<CheckRunner | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [result, setResult] = useState<YamlCheckResult | undefined>(undefined);
  const [status, setStatus] = useState(IDLE_STATUS);
  const [dragging, setDragging] = useState(false);
  const activeVersion = useActiveVersion(undefined);
  const versionRoot = (activeVersion?.path ?? '').replace(/\/$/, '');
  // The released docs describe the released Lightdash; Next (Docusaurus's `current`) describes what came after it.
  const version: LightdashVersion = activeVersion?.name === 'current' ? 'next' : RELEASED_VERSION;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      runner.current?.dispose();
    },
    [],
  );

  function runCheck(text: string) {
    if (text.trim() === '') {
      // An emptied box is a fresh start, not an empty file to report.
      setResult(undefined);
      setStatus(IDLE_STATUS);
      return;
    }
    runner.current ??= new CheckRunner(version, (checked) => {
      // A check that finishes after the box was emptied is not shown.
      if (!textarea.current?.value.trim()) return;
      setResult(checked);
      setStatus(summary(checked));
    });
    setStatus('Checking…');
    runner.current.check(text);
  }

  function scheduleCheck() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => runCheck(textarea.current?.value ?? ''), DEBOUNCE_MS);
  }

  async function loadFile(file: File | undefined) {
    if (!file || !textarea.current) return;
    if (file.size > MAX_FILE_BYTES) {
      setResult(undefined);
      setStatus(
        `${file.name} is ${(file.size / 1e6).toFixed(1)} MB: too large to check (at most 1,000,000 characters).`,
      );
      return;
    }
    textarea.current.value = await file.text();
    clearTimeout(timer.current);
    runCheck(textarea.current.value);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    if (event.dataTransfer.files.length === 0) return; // dropped text: the textarea inserts it and fires input
    event.preventDefault();
    setDragging(false);
    void loadFile(event.dataTransfer.files[0]);
  }

  /** Selects the problem's line in the text box and scrolls it into view. */
  function showLine(line: number, column: number) {
    const box = textarea.current;
    if (!box) return;
    const lines = box.value.split('\n');
    const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
    const end = start + (lines[line - 1]?.length ?? 0);
    box.focus();
    box.setSelectionRange(Math.min(start + column - 1, end), end);
    const lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 20;
    box.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  return (
    // `yaml-validator` is a stable hook for the browser tests (CSS module class names change with every build).
    <section className={clsx('yaml-validator', styles.validator)} aria-labelledby={`${inputId}-label`}>
      <label id={`${inputId}-label`} htmlFor={inputId} className={styles.label}>
        Your dbt properties file (YAML)
      </label>
      <p id={`${inputId}-hint`} className={styles.hint}>
        Paste or type it here, drop a .yml file on the box, or open one. It is checked as you type and never leaves your
        browser. Checked against: <strong>{VERSION_NAMES[version]}</strong>
        {version === RELEASED_VERSION
          ? ' (what that release accepts, ignores or rejects).'
          : ' (the rules these Next pages describe).'}
      </p>
      <textarea
        id={inputId}
        ref={textarea}
        className={clsx(styles.input, dragging && styles.dragging)}
        aria-describedby={`${inputId}-hint`}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        rows={14}
        onInput={scheduleCheck}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setDragging(true);
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      />
      <div className={styles.actions}>
        <label htmlFor={fileId} className={styles.fileLabel}>
          Open a YAML file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".yml,.yaml,text/yaml,application/x-yaml"
          className={styles.fileInput}
          onChange={(event) => {
            void loadFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {result && result.problems.length > 0 && (
        <ol className={styles.problems} aria-label="Problems found">
          {result.problems.map((problem, i) => (
            <Problem
              key={`${problem.line}:${problem.column}:${i}`}
              problem={problem}
              versionRoot={versionRoot}
              onShowLine={showLine}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
