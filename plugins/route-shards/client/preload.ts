import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';
import {loadShardsFor} from './shards';

/**
 * Stands in for @docusaurus/core's client/preload.js (same contract): loads the route shards the
 * pathname needs, then preloads the chunks of every route that matches it, so the page renders
 * without a loading state — on hydration as on a client-side navigation.
 */
export default async function preload(pathname: string): Promise<unknown> {
  await loadShardsFor(pathname);
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
  return Promise.all(
    matches.map((match) => (match.route.component as unknown as {preload?: () => Promise<unknown>}).preload?.()),
  );
}
