/**
 * Reads a header's value out of a generated nginx.conf (scripts/nginx-config.mjs) as nginx would: the
 * server-level `add_header NAME "…"`, with the variables of the `set` lines before it filled in.
 */
export function nginxHeaderValue(conf: string, name: string): string | undefined {
  const variables = new Map<string, string>();
  const fill = (text: string) =>
    text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string, bare: string) => variables.get(braced ?? bare) ?? '');
  for (const line of conf.split('\n')) {
    const set = /^set \$(\w+) "([^"]*)";$/.exec(line);
    if (set) variables.set(set[1], fill(set[2]));
    const header = /^add_header ([\w-]+) "([^"]*)"(?: always)?;$/.exec(line);
    if (header && header[1] === name) return fill(header[2]);
  }
  return undefined;
}
