import {isWarehouse, sqlRole, warehouseNames, type WarehouseId} from './warehouses';

/**
 * SQL variants in the Markdown export (`.md` pages, llms-full.txt): every variant is kept, each under a label naming
 * its warehouses, with the fence's `warehouses="…"` meta as written, so an agent reading the page sees them all
 * and `onlyWarehouse` (used by the MCP server's get_page) can keep one.
 */
export function variantLabel(warehouses: readonly WarehouseId[]): string {
  return `**SQL for ${warehouseNames(warehouses)}:**`;
}

const LABEL = /^[ \t>]*\*\*SQL for [^*\n]+:\*\*[ \t]*$/;
const FENCE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;

/** Index of the line closing the fence opened by `marker` (the last line when it is never closed). */
function closingLine(lines: readonly string[], from: number, marker: string): number {
  for (let i = from; i < lines.length; i++) {
    const bare = lines[i].replace(/^[ \t>]*/, '').trimEnd();
    if (bare.length >= marker.length && bare === marker[0].repeat(bare.length)) return i;
  }
  return lines.length - 1;
}

/**
 * The Markdown with, for each group of SQL variants, only the variant that serves `warehouse` (its label included);
 * everything else is untouched. An unknown warehouse is refused: the caller says which ones exist.
 */
export function onlyWarehouse(markdown: string, warehouse: WarehouseId): string {
  if (!isWarehouse(warehouse)) throw new Error(`Not a warehouse: ${String(warehouse)}`);
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let fenceAt = i + 1;
    while (fenceAt < lines.length && lines[fenceAt].trim() === '') fenceAt++;
    const open = LABEL.test(lines[i]) ? FENCE.exec(lines[fenceAt] ?? '') : null;
    const info = open?.[2].trim() ?? '';
    const role = open && /^sql(?:\s|$)/i.test(info) ? sqlRole(info.slice(3)) : null;
    if (!open || role?.kind !== 'variant') {
      out.push(lines[i]);
      continue;
    }
    // A variant: its label, the blank lines, the fenced block.
    let end = closingLine(lines, fenceAt + 1, open[1]);
    if (role.warehouses.includes(warehouse)) out.push(...lines.slice(i, end + 1));
    // A dropped variant takes its trailing blank lines along, so the kept one sits where the group was.
    else while (end + 1 < lines.length && lines[end + 1].trim() === '' && (out.at(-1) ?? '').trim() === '') end++;
    i = end;
  }
  return out.join('\n');
}
