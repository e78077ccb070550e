/**
 * Schema pages that were published and then removed when the contract was aligned field by field with the real
 * released API (issue 18): old schema name → the schema that now describes the same data. plugins/redirects/rules.ts sends
 * /api/v1/schemas/<old> to /api/v1/schemas/<new>. Do not remove entries: they are a record of URLs that existed.
 */
export const legacySchemaUrls: Readonly<Record<string, string>> = {
  // The chart-and-results call now documents the response the server declares: query results.
  ChartAndResults: 'RunQueryResults',
  // Promotion results and diffs carry the full promoted items, one model per content type.
  PromotedItem: 'PromotedChart',
  PromotionChange: 'PromotedChartChange',
  // Partitioning is not in the released API; the table model is where a reader looked for it.
  PartitionColumn: 'CompiledTable',
  PartitionType: 'CompiledTable',
  // A personal access token is only ever returned with its secret, at creation or rotation.
  PersonalAccessToken: 'PersonalAccessTokenWithToken',
  // Scheduler responses use the real name.
  Scheduler: 'SchedulerAndTargets',
};
