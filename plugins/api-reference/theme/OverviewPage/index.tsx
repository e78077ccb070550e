import React, {useEffect, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import CodeBlock from '@theme/CodeBlock';
import PersonaliseApiSamples from '../PersonaliseApiSamples';
import InstanceSetting from '../InstanceSetting';
import Heading from '@theme/Heading';
import {resolveRedocHash} from '../../deepLink';
import type {OverviewPageModel, SidebarModel} from '../../types';
import ApiShell from '../ApiShell';
import {OperationList} from '../TagPage';

interface Props {
  readonly sidebar: SidebarModel;
  readonly page: OverviewPageModel;
}

/** Old Redoc links (`/api/v1/#tag/Spaces/operation/getSpace`) are moved to the page that replaced them. */
function useRedocRedirect(page: OverviewPageModel) {
  const {hash} = useLocation();
  const history = useHistory();
  useEffect(() => {
    const target = hash ? resolveRedocHash(hash, page.deepLinks) : null;
    if (target) history.replace(target);
  }, [hash, history, page.deepLinks]);
}

/** `/api/v1/`: what every call shares (auth, envelope, errors, pagination), versioning, downloads, tags. */
export default function OverviewPage({sidebar, page}: Props): ReactNode {
  useRedocRedirect(page);
  return (
    <ApiShell
      sidebar={sidebar}
      location={{}}
      title={`${page.title} reference`}
      description={`Reference of every endpoint of the ${page.title}, version ${page.version}.`}
      breadcrumbs={[{label: 'API'}]}
    >
      <div dangerouslySetInnerHTML={{__html: page.introHtml}} />
      {page.sections.map((section) => (
        <React.Fragment key={section.id}>
          <Heading as="h2" id={section.id}>
            {section.title}
          </Heading>
          <div dangerouslySetInnerHTML={{__html: section.html}} />
        </React.Fragment>
      ))}
      <Heading as="h2" id="versioning">
        Versioning
      </Heading>
      <p>
        This reference is generated from version <strong>{page.version}</strong> of the API specification, the release
        of Lightdash it documents. Every path starts with <code>{page.basePath || '/api/v1'}</code>, the version of the
        API itself, and is called on your instance&apos;s address, such as <code>{page.defaultServer}</code>. The{' '}
        <code>info.version</code> field of the downloaded specification tells which release a copy belongs to.
      </p>
      <Heading as="h2" id="download">
        Download the specification
      </Heading>
      <p>The OpenAPI 3.1 document this reference is generated from, for code generators and API clients:</p>
      <ul>
        <li>
          <a href={page.downloads.json} download>
            openapi.json
          </a>{' '}
          (JSON)
        </li>
        <li>
          <a href={page.downloads.yaml} download>
            openapi.yaml
          </a>{' '}
          (YAML)
        </li>
      </ul>
      {page.firstCall && (
        <>
          <Heading as="h2" id="first-call">
            Your first call
          </Heading>
          <p>
            With a personal access token in the <code>LIGHTDASH_API_KEY</code> environment variable, this asks your
            instance for <Link to={page.firstCall.permalink}>{page.firstCall.summary.toLowerCase()}</Link>:
          </p>
          <InstanceSetting defaultServer={page.defaultServer} />
          <PersonaliseApiSamples>
            <CodeBlock language="bash">{page.firstCall.code}</CodeBlock>
          </PersonaliseApiSamples>
        </>
      )}
      <Heading as="h2" id="operations">
        Operations by tag
      </Heading>
      {page.tags.map((tag) => (
        <React.Fragment key={tag.slug}>
          <Heading as="h3" id={`tag-${tag.slug}`}>
            <Link to={tag.permalink}>{tag.name}</Link>
          </Heading>
          {tag.descriptionHtml && <div dangerouslySetInnerHTML={{__html: tag.descriptionHtml}} />}
          <OperationList operations={tag.operations} ids />
        </React.Fragment>
      ))}
    </ApiShell>
  );
}
