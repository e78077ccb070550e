// Compile-time fixture for tests/contract/types.test.ts: site code can import the types generated from the contract
// (generated/openapi/types.d.ts, written by `npm run contract:build`) and they are strict enough to catch mistakes.
import type {components, operations, paths} from '../../generated/openapi/types';

type Schemas = components['schemas'];

export type Dashboard = Schemas['Dashboard'];
export type DashboardTile = Schemas['DashboardTile'];

export const markdownTile: Schemas['CreateDashboardTile'] = {
  type: 'markdown',
  x: 0,
  y: 0,
  w: 12,
  h: 3,
  properties: {title: 'Notes', content: 'Revenue counts **completed** orders only.'},
};

export const newDashboard: Schemas['CreateDashboard'] = {name: 'Sales overview', tiles: [markdownTile], tabs: []};

// @ts-expect-error — a tile of a saved dashboard always carries its uuid; only new tiles may leave it out.
export const savedTileWithoutUuid: DashboardTile = markdownTile;

export const chartDelivery: Schemas['CreateSchedulerAndTargets'] = {
  name: 'Monthly revenue to finance',
  format: 'csv',
  cron: '0 9 1 * *',
  options: {formatted: true, limit: 'table'},
  includeLinks: true,
  targets: [{recipient: 'finance@example.com'}, {channel: 'C024BE91L'}],
  savedChartUuid: 'c9d1e2f3-a4b5-4c6d-8e7f-0a1b2c3d4e5f',
};

export const role: Schemas['SpaceMemberRole'] = 'editor';

// @ts-expect-error — 'owner' is not a space role.
export const badRole: Schemas['SpaceMemberRole'] = 'owner';

// @ts-expect-error — CreateDashboard requires tiles.
export const dashboardWithoutTiles: Schemas['CreateDashboard'] = {name: 'Sales overview', tabs: []};

// Responses are typed through the operation: the success envelope around the results.
export type ListSpacesResults =
  operations['ListSpacesInProject']['responses'][200]['content']['application/json']['results'];
export const firstSpaceName = (results: ListSpacesResults): string | undefined => results[0]?.name;

// Paths are typed too: the request body of POST /api/v1/projects/{projectUuid}/dashboards.
export type CreateDashboardBody = NonNullable<
  paths['/api/v1/projects/{projectUuid}/dashboards']['post']['requestBody']
>['content']['application/json'];
export const duplicate: CreateDashboardBody = {dashboardName: 'Sales overview (copy)', dashboardDesc: 'For EMEA'};

export type ErrorPayload = Schemas['ApiErrorPayload'];
export const statusCodeOf = (payload: ErrorPayload): number => payload.error.statusCode;
