import type {Root, TableRow} from 'mdast';

/** The page whose table rows get ids: the environment variables reference, in either docs version. */
const ENV_PAGE = /self-host[\\/]customize-deployment[\\/]environment-variables\.mdx$/;
const NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Gives each row of the environment variables reference whose first cell is a variable name (| `SITE_URL` | …) the
 * id of that name, so `environment-variables#SITE_URL` opens the row. The configuration builder
 * (src/components/SelfHostBuilder) and the files it writes link every variable this way. The first row of a name
 * gets the id (a name is listed once per version; a second row would be a mistake, and an id must be unique).
 */
export default function remarkEnvVarAnchors() {
  return (tree: Root, file: {path?: string}) => {
    if (!file.path || !ENV_PAGE.test(file.path)) return;
    const seen = new Set<string>();
    const visit = (node: {type: string; children?: unknown[]}) => {
      if (node.type === 'tableRow') {
        const row = node as TableRow;
        const cell = row.children[0]?.children;
        if (
          cell?.length === 1 &&
          cell[0].type === 'inlineCode' &&
          NAME.test(cell[0].value) &&
          !seen.has(cell[0].value)
        ) {
          seen.add(cell[0].value);
          row.data = {...row.data, hProperties: {...(row.data?.hProperties ?? {}), id: cell[0].value}};
        }
        return;
      }
      for (const child of node.children ?? []) visit(child as {type: string; children?: unknown[]});
    };
    visit(tree);
  };
}
