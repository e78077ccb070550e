import React, {useId, useMemo, useSyncExternalStore, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useHistory, useLocation} from '@docusaurus/router';
import {useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import useIsBrowser from '@docusaurus/useIsBrowser';
import CodeBlock from '@theme/CodeBlock';
import extract from '@site/src/lib/adminTools/sourceExtract.json';
import {
  buildConfig,
  choiceFromSearch,
  choiceToSearch,
  DEPLOYMENT_LABELS,
  DEPLOYMENTS,
  NEEDS,
  PLACEHOLDER,
  type Choice,
  type ConfigFile,
  type Deployment,
} from '@site/src/lib/adminTools/selfHostConfig';
import {styles} from './styles';

const STORAGE = NEEDS.filter((need) => need.group === 'storage');
const OTHER_NEEDS = NEEDS.filter((need) => !need.group);

/** Saves a text as a file: a Blob URL made in the browser, so nothing leaves the page. */
function download(file: ConfigFile) {
  const url = URL.createObjectURL(new Blob([file.text], {type: 'text/plain;charset=utf-8'}));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name === '.env' ? 'lightdash.env' : file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The self-host configuration builder: the reader picks how they run Lightdash and what they need, and gets the
 * `.env`, compose override or Helm values that the released Lightdash reads (src/lib/adminTools/selfHostConfig.ts). The
 * choice, never a value, is kept in the page URL so a configuration can be shared; everything runs in the page.
 */
export default function SelfHostBuilder(): ReactNode {
  const id = useId();
  // The files are written in the browser only: they depend on the address, and in the HTML they would fill the search
  // index with example values.
  const isBrowser = useIsBrowser();
  const {siteConfig} = useDocusaurusContext();
  const location = useLocation();
  const history = useHistory();
  const versionRoot = (useActiveVersion(undefined)?.path ?? '').replace(/\/$/, '');
  // The URL is the state: a shared link, the back button and every change all go through it. The server renders
  // the default choice and hydration starts from it, then the page's own address takes over (no mismatch).
  const search = useSyncExternalStore(
    (onChange) => history.listen(onChange),
    () => location.search,
    () => '',
  );
  const choice: Choice = useMemo(() => choiceFromSearch(search), [search]);

  function update(next: {deployment?: Deployment; needs?: readonly string[]}) {
    const deployment = next.deployment ?? choice.deployment;
    const needs = next.needs ?? choice.needs;
    // Through choiceFromSearch, so that the URL holds the choice made whole (required needs, one storage).
    const search = choiceToSearch(choiceFromSearch(choiceToSearch({deployment, needs})));
    history.replace({...location, search});
  }

  const toggle = (need: string, on: boolean) =>
    update({
      needs: on ? [...choice.needs, need] : choice.needs.filter((n) => n !== need),
    });
  const setStorage = (storage: string) =>
    update({needs: [...choice.needs.filter((n) => !STORAGE.some((s) => s.id === n)), ...(storage ? [storage] : [])]});

  const docsBase = `${siteConfig.url.replace(/\/$/, '')}${versionRoot}/`;
  const config = useMemo(
    () => buildConfig(choice.deployment, choice.needs, {docsBase, composeBase: extract.compose}),
    [choice, docsBase],
  );
  const storage = STORAGE.find((s) => choice.needs.includes(s.id))?.id ?? '';
  const envPage = `${versionRoot}/self-host/customize-deployment/environment-variables`;

  return (
    // `self-host-builder` is a stable hook for the browser tests (CSS module class names change with every build).
    <section className="self-host-builder" style={styles.builder} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Build your configuration
      </h2>
      <fieldset style={styles.group}>
        <legend style={styles.legend}>How do you run Lightdash?</legend>
        {DEPLOYMENTS.map((deployment) => (
          <label key={deployment} style={styles.option}>
            <input
              type="radio"
              name={`${id}-deployment`}
              value={deployment}
              checked={choice.deployment === deployment}
              onChange={() => update({deployment})}
            />{' '}
            {DEPLOYMENT_LABELS[deployment]}
          </label>
        ))}
      </fieldset>
      <fieldset style={styles.group}>
        <legend style={styles.legend}>What do you need?</legend>
        {OTHER_NEEDS.map((need) => {
          const forced = need.id === 'postgres' && choice.deployment === 'container';
          const required = choice.needs.includes('worker') && need.id === 'scheduler';
          return (
            <label key={need.id} style={styles.option}>
              <input
                type="checkbox"
                value={need.id}
                checked={choice.needs.includes(need.id)}
                disabled={forced || required}
                aria-describedby={forced || required ? `${id}-${need.id}-why` : undefined}
                onChange={(event) => toggle(need.id, event.currentTarget.checked)}
              />{' '}
              {need.label}
              {forced && (
                <span id={`${id}-${need.id}-why`} style={styles.why}>
                  {' '}
                  (a plain container always needs one)
                </span>
              )}
              {required && (
                <span id={`${id}-${need.id}-why`} style={styles.why}>
                  {' '}
                  (the standalone worker needs it)
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      <fieldset style={styles.group}>
        <legend style={styles.legend}>Where should Lightdash keep images and CSV files?</legend>
        <label style={styles.option}>
          <input
            type="radio"
            name={`${id}-storage`}
            value=""
            checked={storage === ''}
            onChange={() => setStorage('')}
          />{' '}
          No object storage
        </label>
        {STORAGE.map((need) => (
          <label key={need.id} style={styles.option}>
            <input
              type="radio"
              name={`${id}-storage`}
              value={need.id}
              checked={storage === need.id}
              onChange={() => setStorage(need.id)}
            />{' '}
            {need.label.replace(/^Object storage: /, '')}
          </label>
        ))}
      </fieldset>

      <p role="status" style={styles.status}>
        {isBrowser
          ? `${config.files.length === 1 ? 'One file' : `${config.files.length} files`} with ${config.variables.length} variables. ${config.secrets.length} secret${config.secrets.length === 1 ? '' : 's'} to fill in.`
          : 'The builder needs JavaScript: the environment variables reference lists every variable.'}
      </p>
      {isBrowser && config.secrets.length > 0 && (
        <div style={styles.secrets}>
          <p>
            Replace each <code>{PLACEHOLDER}</code> with your own value before you start Lightdash. This page never
            writes a secret for you, and never puts one in its address.
          </p>
          <ul>
            {config.secrets.map((name) => (
              <li key={name}>
                {/* A plain link: the row ids come from a remark plugin, which Docusaurus's anchor check does not see. */}
                <a href={`${envPage}#${name}`}>
                  <code>{name}</code>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {isBrowser &&
        config.files.map((file) => (
          <div key={file.name} style={styles.file}>
            <div style={styles.fileHead}>
              <h3 style={styles.fileName}>
                <code>{file.name}</code>
              </h3>
              <button type="button" className="button button--secondary button--sm" onClick={() => download(file)}>
                Download <span className="visually-hidden">{file.name}</span>
              </button>
            </div>
            <CodeBlock language={file.language}>{file.text}</CodeBlock>
          </div>
        ))}
    </section>
  );
}
