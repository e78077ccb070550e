import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import {useLocation} from '@docusaurus/router';
import type {Props} from '@theme/NotFound/Content';
import {searchByWorker} from '@site/src/search/searchByWorker';
import {pathWords, similarPages, type SimilarPage} from '@site/src/search/similarPages';

/**
 * The best three pages for the words of the missing address, from the site's search (the index only:
 * nothing else is fetched). Shown once found; on any failure the page reads as it would without it.
 */
function SimilarPages({pathname}: {pathname: string}): ReactNode {
  const [pages, setPages] = useState<SimilarPage[] | null>(null);
  useEffect(() => {
    const {versionUrl, words} = pathWords(pathname);
    if (!words) return undefined;
    let current = true;
    searchByWorker(versionUrl, '', words, 8).then(
      (results) => current && setPages(similarPages(results, 3)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname]);
  if (!pages || pages.length === 0) return null;
  return (
    <section aria-labelledby="similar-pages">
      <Heading as="h2" id="similar-pages">
        Pages with the words of this address
      </Heading>
      <ul>
        {pages.map((page) => (
          <li key={page.url}>
            <Link to={page.url}>{page.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The not-found page: what happened, the pages the address seems to ask for, and where to go on. */
export default function NotFoundContent({className}: Props): ReactNode {
  const {pathname} = useLocation();
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title" description="The title of the 404 page">
              Page Not Found
            </Translate>
          </Heading>
          <p>There is no page at this address: it may have moved, or the link may have a typo.</p>
          <SimilarPages pathname={pathname} />
          <p>
            Search the docs with the box at the top of the page, or start from the <Link to="/">home page</Link>.
          </p>
        </div>
      </div>
    </main>
  );
}
