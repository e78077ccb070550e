import type {ReactNode} from 'react';
import renderRoutes from '@docusaurus/renderRoutes';
import {useLocation} from '@docusaurus/router';
import NotFound from '@theme/NotFound';
import {matchRoutes, type RouteConfig} from 'react-router-config';
import type {SidebarModel} from '../../types';

interface Props {
  readonly route: RouteConfig & {readonly routes: RouteConfig[]};
  readonly sidebar: SidebarModel;
}

/**
 * Parent route of every API page. Nesting them under one route means a docs page's router tests one
 * path pattern for the whole reference instead of ~500 (path-to-regexp compiles each on first use,
 * which a CPU profile put at ~35 ms on a throttled phone), and the sidebar module is named once in
 * the route table instead of on every route.
 */
export default function ApiRoot({route, sidebar}: Props): ReactNode {
  const {pathname} = useLocation();
  // The parent matches any path under its base; one no page owns still gets the not-found page.
  if (matchRoutes(route.routes, pathname).length === 0) return <NotFound />;
  return renderRoutes(route.routes, {sidebar});
}
