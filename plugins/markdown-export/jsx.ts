import type {Program} from 'estree';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A link a component carries in its props, such as one tile of `<HomeTiles tiles={[…]} />`. */
interface PropLink {
  readonly href: string;
  readonly label: string;
  readonly description?: string;
}

/**
 * The value of an expression when it is a plain string (`{'text'}` or a template without
 * placeholders), else undefined: anything computed cannot be shown without running the page.
 */
export function stringOf(estree: Program | null | undefined): string | undefined {
  const statement = estree?.body[0];
  if (estree?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
  return literal(statement.expression);
}

/** An attribute's text: `label="Postgres"` or `label={'Postgres'}`; undefined if absent or computed. */
export function attribute(node: JsxElement, name: string): string | undefined {
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name) continue;
    if (typeof attr.value === 'string') return attr.value;
    if (attr.value && typeof attr.value === 'object') return stringOf(attr.value.data?.estree);
  }
  return undefined;
}

/**
 * Links found in a component's props: an `href`/`to` attribute, or every object literal with an
 * `href`/`to` string inside an expression prop (a list of tiles or cards). The label is the object's
 * `title` or `label`; `description` or a string `children` becomes the description.
 */
export function propLinks(node: JsxElement): PropLink[] {
  const links: PropLink[] = [];
  const direct = attribute(node, 'href') ?? attribute(node, 'to');
  if (direct) links.push({href: direct, label: attribute(node, 'title') ?? attribute(node, 'label') ?? direct});
  for (const attr of node.attributes) {
    const estree = attr.type === 'mdxJsxAttribute' && typeof attr.value === 'object' ? attr.value?.data?.estree : null;
    if (estree) collect(estree, links);
  }
  return links;
}

function collect(value: unknown, links: PropLink[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, links);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as {type?: string; properties?: unknown[]};
  if (node.type === 'ObjectExpression') {
    const fields = objectStrings(node.properties ?? []);
    const href = fields.get('href') ?? fields.get('to');
    if (href) {
      const description = fields.get('description') ?? fields.get('children');
      links.push({
        href,
        label: fields.get('title') ?? fields.get('label') ?? href,
        ...(description ? {description} : {}),
      });
    }
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'loc' && key !== 'range' && key !== 'position') collect(child, links);
  }
}

/** The string-valued properties of an object literal, by key. */
function objectStrings(properties: unknown[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const property of properties as {
    type: string;
    key?: {type: string; name?: string; value?: unknown};
    value?: unknown;
  }[]) {
    if (property.type !== 'Property' || !property.key) continue;
    const key = property.key.type === 'Identifier' ? property.key.name : String(property.key.value);
    const text = literal(property.value);
    if (key && text !== undefined) fields.set(key, text);
  }
  return fields;
}

function literal(expression: unknown): string | undefined {
  const node = expression as {
    type?: string;
    value?: unknown;
    expressions?: unknown[];
    quasis?: {value: {cooked?: string}}[];
  };
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions?.length === 0) return node.quasis?.[0]?.value.cooked;
  return undefined;
}
