/**
 * The one file walker of the tests: every file under a folder, recursively, as absolute paths. Tests used to
 * write their own (nine of them, issue 47); each now asks this one with a filter on the file's name.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Files under `dir` (recursively) whose name passes `keep`, as absolute paths in directory order, without
 * entering a folder whose name `skipFolder` accepts. A folder that does not exist has no files.
 */
export function filesUnder(
  dir: string,
  keep: (name: string) => boolean = () => true,
  skipFolder: (name: string) => boolean = () => false,
): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipFolder(entry.name) ? [] : filesUnder(full, keep, skipFolder);
    return keep(entry.name) ? [full] : [];
  });
}
