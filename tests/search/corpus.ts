/**
 * The question corpus of issue 46: real readers' questions split once, by source thread, into a tuning half
 * (tuned on while changing the ranking) and a held-out half (measured only as an aggregate).
 *
 * - real-questions.yaml: the first 99 real questions (issue 34). Tuning, whatever their hash.
 * - tuning-questions.yaml: later real questions whose thread falls in the tuning half.
 * - held-out-questions.yaml: later real questions whose thread falls in the held-out half.
 *
 * The half of a thread: a thread that has a question in real-questions.yaml is tuning (so no thread is in
 * both halves); any other thread is tuning when the first byte of sha256(its normalized URL) is even,
 * held-out when it is odd. All questions of one thread share its half.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {parseQuestions, type Question} from './relevance';

export const REAL_FILE = path.join(__dirname, 'real-questions.yaml');
export const TUNING_FILE = path.join(__dirname, 'tuning-questions.yaml');
export const HELD_OUT_FILE = path.join(__dirname, 'held-out-questions.yaml');

/** Later questions keep more of the asker's words than the first 99 did (6): what one types into a search box. */
export const CORPUS_MAX_WORDS = 15;

/** A public GitHub thread: an issue, pull request or discussion of a Lightdash repository. */
export const PUBLIC_SOURCE = /^https:\/\/github\.com\/lightdash\/[\w.-]+\/(issues|pull|discussions)\/\d+$/;

export type Half = 'tuning' | 'held-out';

export interface SourcedQuestion extends Question {
  /** The public thread the question comes from. */
  source: string;
  /** The asker's own words, as they wrote them. */
  said: string;
}

/**
 * One spelling per thread: lower case, https, no `www.`, no query, fragment or trailing slash, and
 * `pull`/`discussions` written as `issues`, because GitHub numbers a repository's issues, pull requests and
 * discussions from one sequence (`/issues/48` of a pull request redirects to `/pull/48`).
 */
export function normalizeThread(url: string): string {
  const trimmed = url.trim().toLowerCase().split(/[?#]/)[0].replace(/\/+$/, '');
  return trimmed
    .replace(/^http:\/\//, 'https://')
    .replace(/^https:\/\/www\./, 'https://')
    .replace(/^(https:\/\/github\.com\/[^/]+\/[^/]+)\/(?:pull|discussions)\/(\d+)$/, '$1/issues/$2');
}

/** The half the hash rule gives a thread that is not among the first 99 questions' threads. */
export function hashHalf(url: string): Half {
  const firstByte = createHash('sha256').update(normalizeThread(url)).digest()[0];
  return firstByte % 2 === 0 ? 'tuning' : 'held-out';
}

/** The half of a thread: tuning when the first 99 questions use it, otherwise the hash rule. */
export function halfOf(url: string, pinnedThreads: ReadonlySet<string>): Half {
  return pinnedThreads.has(normalizeThread(url)) ? 'tuning' : hashHalf(url);
}

/** Reads a corpus file: the relevance set's checks (with CORPUS_MAX_WORDS), plus `source` and `said`. */
export function loadSourced(file: string, maxWords = CORPUS_MAX_WORDS): SourcedQuestion[] {
  const text = readFileSync(file, 'utf8');
  parseQuestions(text, path.basename(file), maxWords);
  const entries = (parse(text) as {questions: SourcedQuestion[]}).questions;
  const problems = entries.flatMap(({q, source, said}) => [
    ...(typeof source === 'string' && PUBLIC_SOURCE.test(source)
      ? []
      : [`"${q}": source must be a public Lightdash GitHub issue, pull request or discussion`]),
    ...(typeof said === 'string' && said.trim() ? [] : [`"${q}": \`said\` (the asker's words) is missing`]),
  ]);
  if (problems.length > 0) throw new Error(`${path.basename(file)}:\n${problems.join('\n')}`);
  return entries;
}

/** Threads of real-questions.yaml, normalized: they stay in the tuning half. */
export function pinnedThreads(): Set<string> {
  return new Set(loadSourced(REAL_FILE, 6).map((q) => normalizeThread(q.source)));
}

/** The tuning half: real-questions.yaml and tuning-questions.yaml. */
export function tuningQuestions(): SourcedQuestion[] {
  return [...loadSourced(REAL_FILE, 6), ...loadSourced(TUNING_FILE)];
}

/** The held-out half. Measure it only as an aggregate (see held-out-questions.yaml). */
export function heldOutQuestions(): SourcedQuestion[] {
  return loadSourced(HELD_OUT_FILE);
}
