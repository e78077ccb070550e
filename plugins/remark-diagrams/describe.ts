/**
 * The text alternative of a diagram, from its mermaid source. A block's own `accTitle` and
 * `accDescr` (mermaid's accessibility syntax) win; otherwise the description is read off the source:
 * the steps of a flowchart or the messages of a sequence diagram, in the words of its labels. It never
 * claims more than the source says; for other diagram types it names the type and points to the
 * source, which the page shows under "Diagram source".
 */

const TYPE_NAMES: Record<string, string> = {
  flowchart: 'Flowchart',
  graph: 'Flowchart',
  sequenceDiagram: 'Sequence diagram',
  classDiagram: 'Class diagram',
  stateDiagram: 'State diagram',
  'stateDiagram-v2': 'State diagram',
  erDiagram: 'Entity relationship diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  journey: 'User journey',
  gitGraph: 'Git graph',
  mindmap: 'Mind map',
  timeline: 'Timeline',
};

/** Lines that carry content: comments, directives and blank lines dropped. */
function contentLines(source: string): string[] {
  return source
    .replace(/%%\{[\s\S]*?\}%%/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('%%'));
}

/** A label as a reader would say it: quotes, markdown backticks and line breaks (`<br/>`) resolved. */
function plain(label: string): string {
  return label
    .replace(/<br\s*\/?>\s*(?=\()/gi, ' ')
    .replace(/<br\s*\/?>/gi, ', ')
    .replace(/^["'`]+|["'`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Accessibility {
  title?: string;
  description?: string;
}

/** mermaid's `accTitle: …`, `accDescr: …` and `accDescr { … }`. */
export function accessibilityOf(source: string): Accessibility {
  const result: Accessibility = {};
  const title = /^\s*accTitle\s*:\s*(.+)$/m.exec(source);
  if (title) result.title = title[1].trim();
  const block = /^\s*accDescr\s*\{([\s\S]*?)\}/m.exec(source);
  const line = /^\s*accDescr\s*:\s*(.+)$/m.exec(source);
  const description = block?.[1] ?? line?.[1];
  if (description) result.description = description.replace(/\s+/g, ' ').trim();
  return result;
}

/** Node shapes: id followed by a bracketed label, e.g. A["x"], A[x], A(x), A([x]), A[(x)], A{x}, A((x)). */
const NODE =
  /^([\w-]+)\s*(\(\(|\(\[|\[\(|\[\[|\[\/|\[\\|\[|\(|\{\{|\{|>)(.*?)(\)\)|\]\)|\)\]|\]\]|\/\]|\\\]|\]|\)|\}\}|\}|\])$/;
/** Links between nodes: -->, ---, -.->, ==>, with an optional |label| or -- label -->. */
const LINK =
  /\s*(?:--\s*"?([^"|>-][^|>]*?)"?\s*(-->|---)|(-{2,}>|-{3,}|-\.+->|-\.+-|={2,}>|={3,}|--o|--x|<-->)(?:\|([^|]*)\|)?)\s*/;

function describeFlowchart(lines: string[]): string {
  const labels = new Map<string, string>();
  /** The subgraph a node was first seen in, so that two nodes with the same label can be told apart. */
  const groups = new Map<string, string>();
  const subgraphs: string[] = [];
  const steps: string[] = [];
  const name = (token: string) => {
    const t = token.trim().replace(/:::[\w-]+$/, '');
    const node = NODE.exec(t);
    const id = node ? node[1] : t;
    if (node) labels.set(id, plain(node[3]));
    if (subgraphs.length && !groups.has(id)) groups.set(id, subgraphs[subgraphs.length - 1]);
    return id;
  };
  for (const line of lines.slice(1)) {
    const subgraph = /^subgraph\s+([\w-]+)\s*(?:\[(.*)\])?\s*$/.exec(line);
    if (subgraph) {
      labels.set(subgraph[1], plain(subgraph[2] ?? subgraph[1]));
      subgraphs.push(subgraph[1]);
      continue;
    }
    if (line === 'end') {
      subgraphs.pop();
      continue;
    }
    if (/^(direction|style|classDef|class|click|linkStyle)\b/.test(line)) continue;
    // Split a chain (A --> B -->|x| C) into its nodes and the links between them.
    const nodes: string[] = [];
    const links: string[] = [];
    let rest = line;
    for (;;) {
      const m = LINK.exec(rest);
      if (!m) break;
      nodes.push(name(rest.slice(0, m.index)));
      const directed = /[>ox]$/.test(m[2] ?? m[3]);
      links.push(`${directed ? '>' : '-'}${plain(m[1] ?? m[4] ?? '')}`);
      rest = rest.slice(m.index + m[0].length);
    }
    nodes.push(name(rest));
    for (let i = 0; i < links.length; i++) {
      steps.push([nodes[i], nodes[i + 1], links[i]].join('\u0000'));
    }
  }
  const label = (id: string) => {
    const group = groups.get(id);
    return `${labels.get(id) ?? id}${group ? ` (in ${labels.get(group) ?? group})` : ''}`;
  };
  const sentences = steps.map((step) => {
    const [from, to, link] = step.split('\u0000');
    const via = link.slice(1);
    const verb = link[0] === '>' ? 'leads to' : 'is linked to';
    return `${label(from)} ${verb} ${label(to)}${via ? `, labelled "${via}"` : ''}`;
  });
  return sentences.length ? `Flowchart: ${sentences.join('; ')}.` : 'Flowchart.';
}

function describeSequence(lines: string[]): string {
  const names = new Map<string, string>();
  const order: string[] = [];
  const add = (id: string, label = id) => {
    if (!names.has(id)) order.push(id);
    if (!names.has(id) || label !== id) names.set(id, label);
  };
  const messages: string[] = [];
  for (const line of lines.slice(1)) {
    const participant = /^(?:participant|actor)\s+(.+?)(?:\s+as\s+(.+))?$/.exec(line);
    if (participant) {
      add(participant[1], plain(participant[2] ?? participant[1]));
      continue;
    }
    const message = /^([^-<>+:]+?)\s*(?:-{1,2}>>|-{1,2}>|-{1,2}x|-{1,2}\)|<<-{1,2}>>)[+-]?\s*([^:]+?)\s*:\s*(.*)$/.exec(
      line,
    );
    if (message) {
      const [, from, to, text] = message;
      add(from);
      add(to);
      const who = (id: string) => names.get(id) ?? id;
      messages.push(from === to ? `${who(from)}: ${plain(text)}` : `${who(from)} to ${who(to)}: ${plain(text)}`);
      continue;
    }
    const note = /^note\s+(?:left of|right of|over)\s+[^:]+:\s*(.*)$/i.exec(line);
    if (note) messages.push(`Note: ${plain(note[1])}`);
  }
  const between = order.map((id) => names.get(id)).join(', ');
  return `Sequence diagram between ${between}. ${messages.map((m, i) => `${i + 1}. ${m}.`).join(' ')}`.trim();
}

/** The diagram's text alternative. */
export function describeDiagram(source: string): string {
  const {title, description} = accessibilityOf(source);
  if (title || description) return [title, description].filter(Boolean).join('. ').replace(/\.\./g, '.');
  const lines = contentLines(source).filter((line) => !/^acc(Title|Descr)\b/.test(line));
  const keyword = (lines[0] ?? '').split(/\s+/)[0];
  if (keyword === 'flowchart' || keyword === 'graph') return describeFlowchart(lines);
  if (keyword === 'sequenceDiagram') return describeSequence(lines);
  const type = TYPE_NAMES[keyword] ?? 'Diagram';
  return `${type}; its content is given as text in the diagram source below.`;
}
