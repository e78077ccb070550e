import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {writeShardModules} from '../../plugins/route-shards';
import {chunkKeys, parseRegistry, parseRoutes, routesSource, splitRoutes} from '../../plugins/route-shards/split';

/** A route table in the shape Docusaurus's codegen writes it. */
const routesJs = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/api/v1',
    component: ComponentCreator('/api/v1', 'a01'),
    routes: [
      {
        path: '/api/v1/',
        component: ComponentCreator('/api/v1/', 'a02'),
        exact: true
      },
      {
        path: '/api/v1/schemas/Space',
        component: ComponentCreator('/api/v1/schemas/Space', 'a03'),
        exact: true
      },
      {
        path: '/api/v1/spaces/create-space',
        component: ComponentCreator('/api/v1/spaces/create-space', 'a04'),
        exact: true
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'b01'),
    routes: [
      {
        path: '/next',
        component: ComponentCreator('/next', 'b02'),
        routes: [
          {
            path: '/next/guides/pinning',
            component: ComponentCreator('/next/guides/pinning', 'b03'),
            exact: true,
            sidebar: "docs"
          }
        ]
      },
      {
        path: '/',
        component: ComponentCreator('/', 'b04'),
        routes: [
          {
            path: '/guides/pinning',
            component: ComponentCreator('/guides/pinning', 'b05'),
            exact: true,
            sidebar: "docs"
          }
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

const chunkNames = {
  '/api/v1-a01': {__comp: 'layout', sidebar: 'apiSidebar'},
  '/api/v1/-a02': {__comp: 'overview'},
  '/api/v1/schemas/Space-a03': {__comp: 'schemaPage', page: 'schemaSpace'},
  '/api/v1/spaces/create-space-a04': {__comp: 'operationPage', page: 'opCreateSpace'},
  '/-b01': {__comp: 'docsRoot'},
  '/next-b02': {__comp: 'docRoot'},
  '/next/guides/pinning-b03': {__comp: 'docItem', content: 'nextPinning'},
  '/-b04': {__comp: 'docRoot'},
  '/guides/pinning-b05': {__comp: 'docItem', content: 'pinning'},
};

const registryLine = (name: string) =>
  `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/${name}.js"), "@site/${name}.js", require.resolveWeak("@site/${name}.js")]`;
const names = [...new Set(Object.values(chunkNames).flatMap((entry) => Object.values(entry)))];
// As the codegen writes it: the last entry and the closing brace share a line.
const registryJs = `export default {\n${names.map(registryLine).join(',\n')},};\n`;

const specs = [
  {name: 'api-schemas', parent: '/api/v1', prefix: '/api/v1/schemas/'},
  {name: 'api', parent: '/api/v1', prefix: '/api/v1/'},
  {name: 'next', parent: '/next', prefix: '/next/'},
];

/** Throws a SyntaxError if a written module is not valid JavaScript (its imports and exports aside). */
function compile(source: string) {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/export default/g, 'return')
    .replace(/export const/g, 'const');
  return new Function('require', 'ComponentCreator', 'registerShards', body);
}

describe('route shards', () => {
  it('reads the generated route table, ComponentCreator arguments included', () => {
    const tree = parseRoutes(routesJs);
    expect(tree).toHaveLength(3);
    expect(tree[0].component).toEqual({creator: ['/api/v1', 'a01']});
    expect(tree[2].component).toEqual({creator: ['*']});
    expect(tree[1].routes![0].routes![0].sidebar).toBe('docs');
  });

  it('moves the leaf children of the sharded parents out, and keeps everything else in the core', () => {
    const {core, parents} = splitRoutes(parseRoutes(routesJs), specs);
    expect(core[0].routes).toEqual([]);
    expect(core[1].routes![0].routes).toEqual([]);
    expect(core[1].routes![1].routes!.map((r) => r.path)).toEqual(['/guides/pinning']);
    expect(parents.map((p) => [p.at, p.shards.map((s) => [s.name, s.routes.map((r) => r.path)])])).toEqual([
      [
        [0],
        [
          ['api-schemas', ['/api/v1/schemas/Space']],
          ['api', ['/api/v1/', '/api/v1/spaces/create-space']],
        ],
      ],
      [[1, 0], [['next', ['/next/guides/pinning']]]],
    ]);
    expect(chunkKeys(core)).toEqual(['/api/v1-a01', '/-b01', '/next-b02', '/-b04', '/guides/pinning-b05']);
  });

  it('leaves a parent whole when one of its children is not an exact leaf (order could change a match)', () => {
    const tree = parseRoutes(routesJs);
    delete tree[0].routes![1].exact;
    const {core, parents} = splitRoutes(tree, specs);
    expect(core[0].routes).toHaveLength(3);
    expect(parents.map((p) => p.parent)).toEqual(['/next']);
  });

  it('writes routes back as the same data', () => {
    const tree = parseRoutes(routesJs);
    const again = parseRoutes(`import ComponentCreator from 'x';\nexport default ${routesSource(tree)};`);
    expect(again).toEqual(tree);
  });

  it('writes a core table, registry and chunk names without the shards’ entries, and one module per shard', () => {
    const generated = fs.mkdtempSync(path.join(os.tmpdir(), 'route-shards-'));
    fs.writeFileSync(path.join(generated, 'routes.js'), routesJs);
    fs.writeFileSync(path.join(generated, 'registry.js'), registryJs);
    fs.writeFileSync(path.join(generated, 'routesChunkNames.json'), JSON.stringify(chunkNames));
    const out = path.join(generated, 'route-shards');
    expect(writeShardModules(generated, out, specs)).toEqual(['api-schemas', 'api', 'next']);

    const coreNames = JSON.parse(fs.readFileSync(path.join(out, 'routesChunkNames.json'), 'utf8'));
    expect(Object.keys(coreNames)).toEqual(['/api/v1-a01', '/-b01', '/next-b02', '/-b04', '/guides/pinning-b05']);
    const coreRegistry = [...parseRegistry(fs.readFileSync(path.join(out, 'registry.js'), 'utf8')).keys()];
    expect(coreRegistry.sort()).toEqual(['apiSidebar', 'docItem', 'docRoot', 'docsRoot', 'layout', 'pinning']);

    const schemas = fs.readFileSync(path.join(out, 'shard-api-schemas.js'), 'utf8');
    expect([...parseRegistry(schemas).keys()].sort()).toEqual(['schemaPage', 'schemaSpace']);
    expect(schemas).toContain(`ComponentCreator("/api/v1/schemas/Space", "a03")`);
    expect(schemas).not.toContain('create-space');

    for (const file of fs.readdirSync(out).filter((name) => name.endsWith('.js')))
      expect(() => compile(fs.readFileSync(path.join(out, file), 'utf8')), file).not.toThrow();

    const core = fs.readFileSync(path.join(out, 'routes.js'), 'utf8');
    expect(core).not.toContain('/api/v1/schemas/Space');
    expect(core).toContain('registerShards(routes[0], [');
    expect(core).toContain('registerShards(routes[1].routes[0], [');
    expect(core).toContain(`import(/* webpackChunkName: "route-shard-next" */ './shard-next.js')`);
  });

  it('leaves the API reference and Next routes out of the production main bundle', () => {
    const dir = path.join(__dirname, '../../build/assets/js');
    const files = fs.readdirSync(dir);
    const main = files.find((name) => /^main\.[0-9a-f]+\.js$/.test(name))!;
    const source = fs.readFileSync(path.join(dir, main), 'utf8');
    // Route objects as the minifier writes them. (The docs plugin's global data still lists every
    // doc of both versions as `"path":"…"`; that is not the route table.)
    expect(source).toContain('path:"/guides/pinning"');
    for (const route of ['/api/v1/schemas/Dashboard', '/api/v1/spaces/create-space-in-project', '/next/guides/pinning'])
      expect(source, route).not.toContain(`path:"${route}"`);
    for (const shard of ['api-schemas', 'api', 'next'])
      expect(
        files.some((name) => new RegExp(`^route-shard-${shard}\\.[0-9a-f]+\\.js$`).test(name)),
        shard,
      ).toBe(true);
  });
});
