import React, {useId, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import {
  ACTION_LABELS,
  ACTIONS,
  apiOperations,
  checkPermission,
  docsPath,
  operationPath,
  ORGANIZATION_ROLES,
  PERMISSIONS,
  ROLE_LABELS,
  roleHas,
  ruleCitation,
  ruleUrl,
  SCOPE_LABELS,
  SOURCE,
  SPACE_ROLE_LABELS,
  SUBJECTS,
  type OrganizationRole,
  type PermissionRow,
} from '@site/src/lib/adminTools/permissions';
import {styles} from './styles';
import {RELEASED_VERSION} from '@site/src/lib/releasedVersion.mjs';

type LevelFilter = '' | 'organization' | 'project' | 'space';

interface Filters {
  role: '' | OrganizationRole;
  level: LevelFilter;
  text: string;
}

const PRESETS: {label: string; filters: Filters}[] = [
  {label: 'What can an editor do?', filters: {role: 'editor', level: 'project', text: ''}},
  {label: 'Who can create scheduled deliveries?', filters: {role: '', level: '', text: 'scheduled deliveries'}},
  {
    label: 'What changes when I give a group space access?',
    filters: {role: '', level: 'space', text: ''},
  },
];

const GIVEN_AT: Record<string, string> = {
  organization: 'organization role',
  project: 'project role',
  group: "a group's project role",
  space: 'space access (person or group)',
};

function matches(row: PermissionRow, {role, level, text}: Filters): boolean {
  if (role && !roleHas(row, role)) return false;
  if (level === 'space' && !row.spaceRole) return false;
  if ((level === 'organization' || level === 'project') && row.level !== level) return false;
  if (text) {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const haystack = `${row.label} ${row.subject} ${row.action} ${SCOPE_LABELS[row.scope]}`.toLowerCase();
    return words.every((word) => haystack.includes(word.replace(/s$/, '')));
  }
  return true;
}

/**
 * "Who can do what": every rule of the released Lightdash's ability files as a row, with the role that first gets it and
 * where that role is given, filters for the usual questions, and a yes/no question box. The rows come from
 * src/lib/adminTools/permissions.ts, which the roles page's tables and the MCP tool `check_permission` also read.
 */
export default function PermissionExplorer(): ReactNode {
  const id = useId();
  // The list of rules is drawn in the browser only: in the HTML it would put every row into the search index, where
  // the roles page should answer. Without JavaScript, the page's Markdown version lists every rule.
  const isBrowser = useIsBrowser();
  const versionRoot = (useActiveVersion(undefined)?.path ?? '').replace(/\/$/, '');
  const [filters, setFilters] = useState<Filters>({role: '', level: '', text: ''});
  const [question, setQuestion] = useState({
    role: 'interactive_viewer' as OrganizationRole,
    action: 'create',
    subject: 'ScheduledDeliveries',
  });
  const rows = useMemo(() => PERMISSIONS.filter((row) => matches(row, filters)), [filters]);
  const answer = checkPermission(
    question.role,
    question.action,
    question.subject,
    question.role === 'member' ? 'organization' : 'project',
  );
  const subjects = Object.entries(SUBJECTS).sort(([, a], [, b]) => a.label.localeCompare(b.label));

  return (
    // `permission-explorer` is a stable hook for the browser tests.
    <section className="permission-explorer" style={styles.explorer} aria-labelledby={`${id}-ask`}>
      <h2 id={`${id}-ask`}>Ask a question</h2>
      <form style={styles.question} onSubmit={(event) => event.preventDefault()}>
        <span>Can</span>
        <label>
          <span className="visually-hidden">Role</span>
          <select
            style={styles.control}
            value={question.role}
            onChange={(event) => setQuestion({...question, role: event.currentTarget.value as OrganizationRole})}
          >
            {ORGANIZATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {`a${/^[aeiou]/i.test(ROLE_LABELS[role]) ? 'n' : ''} ${ROLE_LABELS[role].toLowerCase()}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Action</span>
          <select
            style={styles.control}
            value={question.action}
            onChange={(event) => setQuestion({...question, action: event.currentTarget.value})}
          >
            {ACTIONS.filter((a) => a !== 'manage').map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action].toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Subject</span>
          <select
            style={styles.control}
            value={question.subject}
            onChange={(event) => setQuestion({...question, subject: event.currentTarget.value})}
          >
            {subjects.map(([subject, info]) => (
              <option key={subject} value={subject}>
                {info.label}
              </option>
            ))}
          </select>
        </label>
        <span>?</span>
      </form>
      <div role="status" style={styles.answer}>
        <p>
          <strong>{answer.allowed ? 'Yes.' : 'No.'}</strong>{' '}
          {answer.allowed
            ? `${ROLE_LABELS[question.role]}s may ${ACTION_LABELS[question.action].toLowerCase()} ${SUBJECTS[question.subject].label}${
                answer.grantedBy.length === 1 ? ` ${SCOPE_LABELS[answer.grantedBy[0].scope]}` : ''
              }.`
            : answer.notYet.length
              ? `It starts at the ${ROLE_LABELS[answer.notYet[0].firstRole].toLowerCase()} role.`
              : `No rule of ${RELEASED_VERSION} gives anyone that action on ${SUBJECTS[question.subject].label}.`}
        </p>
        {[...answer.grantedBy, ...(answer.allowed ? [] : answer.notYet.slice(0, 1))].slice(0, 3).map((row) => (
          <p key={row.id} style={styles.rule}>
            Rule: <code>{`can('${row.action}', '${row.subject}'${row.rule.conditions ? ', …' : ''})`}</code> for{' '}
            {ROLE_LABELS[row.firstRole].toLowerCase()} ({SCOPE_LABELS[row.scope]}),{' '}
            <a href={ruleUrl(row.rule)}>{ruleCitation(row.rule)}</a>
          </p>
        ))}
      </div>

      <h2 id={`${id}-all`}>All rules</h2>
      <div style={styles.presets} role="group" aria-label="Common questions">
        {PRESETS.map((preset) => (
          <button
            key={preset.label}
            type="button"
            className="button button--secondary button--sm"
            aria-pressed={JSON.stringify(filters) === JSON.stringify(preset.filters)}
            onClick={() => setFilters(preset.filters)}
          >
            {preset.label}
          </button>
        ))}
        <button
          type="button"
          className="button button--link button--sm"
          onClick={() => setFilters({role: '', level: '', text: ''})}
        >
          Show every rule
        </button>
      </div>
      <div style={styles.filters}>
        <label style={styles.filterLabel}>
          Role has it
          <select
            style={styles.control}
            value={filters.role}
            onChange={(event) => setFilters({...filters, role: event.currentTarget.value as Filters['role']})}
          >
            <option value="">Any role</option>
            {ORGANIZATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <label style={styles.filterLabel}>
          Where the role is given
          <select
            style={styles.control}
            value={filters.level}
            onChange={(event) => setFilters({...filters, level: event.currentTarget.value as LevelFilter})}
          >
            <option value="">Anywhere</option>
            <option value="organization">Organization role</option>
            <option value="project">Project role (or a group&apos;s)</option>
            <option value="space">Needs a space role</option>
          </select>
        </label>
        <label style={styles.filterLabel}>
          Action or subject
          <input
            style={styles.control}
            type="search"
            value={filters.text}
            placeholder="scheduled deliveries"
            onChange={(event) => setFilters({...filters, text: event.currentTarget.value})}
          />
        </label>
      </div>
      <p role="status" style={styles.count}>
        {isBrowser ? `${rows.length} of ${PERMISSIONS.length} rules` : ''}
      </p>
      {!isBrowser && (
        <p>
          The list of rules needs JavaScript. The <a href="who-can-do-what.md">Markdown version of this page</a> lists
          every rule.
        </p>
      )}
      {isBrowser && (
        <div style={styles.tableWrap}>
          <table aria-labelledby={`${id}-all`}>
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">First role</th>
                <th scope="col">Given by</th>
                <th scope="col">Source rule</th>
                <th scope="col">Docs and API</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} id={row.id}>
                  <th scope="row" style={styles.rowHeader}>
                    {row.label}
                    <span style={styles.scope}> {SCOPE_LABELS[row.scope]}</span>
                    {row.note && <span style={styles.scope}> {row.note}</span>}
                  </th>
                  <td>
                    {ROLE_LABELS[row.firstRole]}
                    {row.spaceRole && <> + {SPACE_ROLE_LABELS[row.spaceRole]}</>}
                  </td>
                  <td>{row.givenAt.map((at) => GIVEN_AT[at]).join(', ')}</td>
                  <td>
                    <a href={ruleUrl(row.rule)}>
                      {row.rule.file.split('/').pop()}:{row.rule.line}
                    </a>
                  </td>
                  <td>
                    <Link to={`${versionRoot}/${docsPath(row)}`}>Docs</Link>
                    {apiOperations(row).map((operation) => (
                      <React.Fragment key={operation.operationId}>
                        {', '}
                        <Link to={operationPath(operation)}>
                          <code>{operation.operationId}</code>
                        </Link>
                      </React.Fragment>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p style={styles.source}>
        Rules of Lightdash {SOURCE.commit} ({SOURCE.date}), read from its ability files.
      </p>
    </section>
  );
}
