import fs from 'node:fs';
import path from 'node:path';
import type {Code, Parent, Root} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {escapePath, getFileLoaderUtils} from '@docusaurus/utils';
import {DIAGRAMS_DIR, diagramHash, svgPath} from '../../scripts/diagrams-lib.mjs';
import {describeDiagram} from './describe';

/**
 * Replaces every ```mermaid code block of a doc with `<Diagram>` (src/components/Diagram), which
 * shows the SVGs `npm run diagrams` rendered from it: the light one in light mode, the dark one in
 * dark mode, with a text alternative and the source. A block without its SVGs fails the build.
 */
interface Options {
  /** Where the SVGs are; diagrams/ of the site unless a test says otherwise. */
  diagramsDir?: string;
}

/** An attribute whose value is `require("<request>").default`, the URL webpack gives the file. */
function requireAttribute(name: string, request: string): MdxJsxAttribute {
  const expression = {
    type: 'MemberExpression',
    object: {
      type: 'CallExpression',
      callee: {type: 'Identifier', name: 'require'},
      arguments: [{type: 'Literal', value: request, raw: JSON.stringify(request)}],
      optional: false,
    },
    property: {type: 'Identifier', name: 'default'},
    computed: false,
    optional: false,
  };
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `require(${JSON.stringify(request)}).default`,
      data: {
        estree: {type: 'Program', sourceType: 'module', body: [{type: 'ExpressionStatement', expression}]},
      },
    } as MdxJsxAttribute['value'],
  };
}

const attribute = (name: string, value: string): MdxJsxAttribute => ({type: 'mdxJsxAttribute', name, value});

/** The size an SVG of `npm run diagrams` declares (its width and height attributes). */
function svgSize(file: string) {
  const svg = fs.readFileSync(file, 'utf8');
  const width = /^<svg[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1];
  const height = /^<svg[^>]*?\sheight="([\d.]+)"/.exec(svg)?.[1];
  if (!width || !height) throw new Error(`${file} has no width and height: run \`npm run diagrams\` again.`);
  return {width, height};
}

export default function remarkDiagrams(options: Options = {}) {
  const dir = options.diagramsDir ?? DIAGRAMS_DIR;
  return (tree: Root, file: {path?: string; data: {compilerName?: string}}) => {
    const isServer = file.data.compilerName === 'server';
    const loader = getFileLoaderUtils(isServer).loaders.inlineMarkdownAssetImageFileLoader;
    const where = (node: Code) =>
      `${file.path ? path.relative(process.cwd(), file.path) : '<unknown file>'}${node.position ? `:${node.position.start.line}` : ''}`;
    const visit = (parent: Parent) => {
      parent.children.forEach((child, index) => {
        if (child.type === 'code' && child.lang === 'mermaid') {
          const hash = diagramHash(child.value);
          const files = {light: svgPath(hash, 'light', dir), dark: svgPath(hash, 'dark', dir)};
          const missing = Object.values(files).filter((f) => !fs.existsSync(f));
          if (missing.length) {
            throw new Error(
              `The mermaid diagram at ${where(child)} has not been rendered: ` +
                `${missing.map((f) => path.relative(process.cwd(), f)).join(' and ')} missing. ` +
                'Run `npm run diagrams` and commit the diagrams/ folder.',
            );
          }
          const size = svgSize(files.light);
          const element: MdxJsxFlowElement = {
            type: 'mdxJsxFlowElement',
            name: 'Diagram',
            attributes: [
              requireAttribute('light', `${loader}${escapePath(files.light)}`),
              requireAttribute('dark', `${loader}${escapePath(files.dark)}`),
              attribute('width', size.width),
              attribute('height', size.height),
              attribute('alt', describeDiagram(child.value)),
              attribute('source', child.value),
              attribute('hash', hash),
            ],
            children: [],
            position: child.position,
          };
          parent.children[index] = element as (typeof parent.children)[number];
        } else if ('children' in child) {
          visit(child as Parent);
        }
      });
    };
    visit(tree);
  };
}
