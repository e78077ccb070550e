import React, {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {mcpUrlFor} from '@site/src/lib/docsMcp';
import {WAREHOUSES, type WarehouseId} from '@site/plugins/warehouse-sql/warehouses';
import {chooseWarehouse, useWarehouse} from '@site/plugins/warehouse-sql/theme/useWarehouse';
import {chatLinks} from './chatLinks';
import {claudeCodeCommand, cursorInstallLink, vscodeInstallLink} from './connectLinks';
import {buttonKey, menuKey} from './menuKeys';
import styles from './styles.module.css';

interface Props {
  /** The page's Markdown copy, written next to it by plugins/markdown-export. */
  readonly markdownUrl: string;
}

/** What the status line says; an empty message says nothing (before the first copy). */
interface Status {
  readonly busy: boolean;
  readonly message: string;
}

/** The Markdown is downloaded only when asked for, so pages stay as light as they were. */
async function fetchMarkdown(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the Markdown could not be downloaded (${(error as Error).message})`);
  }
  if (!response.ok) throw new Error(`the Markdown could not be downloaded (the server answered ${response.status})`);
  return response.text();
}

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('this browser gives this page no access to the clipboard');
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    throw new Error(`the browser refused access to the clipboard (${(error as Error).message})`);
  }
}

/**
 * An entry of the menu: a link, a button that copies the Claude Code command, or (on a page with SQL written per
 * warehouse) one of the warehouses to show SQL for.
 */
type MenuItem =
  | {readonly label: string; readonly href: string; readonly newTab?: boolean; readonly type?: string}
  | {readonly label: string; readonly copyCommand: string}
  | {readonly label: string; readonly warehouse: WarehouseId};

/** True when the page shows SQL variants (plugins/warehouse-sql): its menu then offers the warehouse choice too. */
const pageHasWarehouseSql = () => document.querySelector('[data-warehouse-sql]') !== null;

/**
 * The menu's items for the page whose Markdown is `markdownUrl`, read on the site at `origin`. The chat
 * links name the published site (`siteUrl`): an assistant cannot fetch a page from the reader's machine.
 * The MCP items name the site being read: a local `npm run serve` connects the editor to itself.
 */
function menuItemsFor(siteUrl: string, markdownUrl: string, origin: string, warehouseSql: boolean): MenuItem[] {
  const mcpUrl = mcpUrlFor(origin);
  const warehouses = warehouseSql ? WAREHOUSES.map((w) => ({label: `SQL for ${w.label}`, warehouse: w.id})) : [];
  return [
    {label: 'View as Markdown', href: markdownUrl, type: 'text/markdown'},
    ...chatLinks(siteUrl, markdownUrl).map(({assistant, href}) => ({
      label: `Open in ${assistant}`,
      href,
      newTab: true,
    })),
    {label: 'Connect to Cursor', href: cursorInstallLink(mcpUrl)},
    {label: 'Connect to VS Code', href: vscodeInstallLink(mcpUrl)},
    {label: 'Copy MCP config for Claude Code', copyCommand: claudeCodeCommand(mcpUrl)},
    ...warehouses,
  ];
}

/** The chevron of the menu button, turned over while the menu or the disclosure is open (CSS). */
const chevron = (
  <svg className={styles.chevron} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
  </svg>
);

/**
 * The menu as the server sends it, for readers and crawlers without scripts (issue 51): a native
 * disclosure (`<details>`) that opens with a click, Enter or Space and needs no JavaScript, holding the
 * links that work without it (View as Markdown and the two chats; the chat links name the published site,
 * which the server knows). Once React has hydrated, the component renders the menu button instead, with
 * the items that need a script (copying, and the MCP links, which name the site being read). Both have
 * the same size, so the swap moves nothing.
 */
function StaticMenu({siteUrl, markdownUrl}: {readonly siteUrl: string; readonly markdownUrl: string}): ReactNode {
  return (
    <details className={styles.disclosure}>
      <summary className={clsx(styles.action, styles.toggle)}>
        <span className="visually-hidden">More ways to use this page</span>
        {chevron}
      </summary>
      <ul className={styles.menu}>
        <li>
          <a className={styles.item} href={markdownUrl} type="text/markdown">
            View as Markdown
          </a>
        </li>
        {chatLinks(siteUrl, markdownUrl).map(({assistant, href}) => (
          <li key={assistant}>
            <a className={styles.item} href={href} target="_blank" rel="noopener noreferrer">
              Open in {assistant}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * One split button above every title (issue 36): "Copy page" (issue 11), and a menu button whose menu
 * holds View as Markdown (issue 11), Open in ChatGPT / Claude (issue 22) and the three ways to connect
 * an editor to the docs MCP server of the site being read. It takes one row on a phone; the menu is an
 * overlay, so opening it moves nothing. Keyboard and screen reader: the WAI-ARIA menu button pattern
 * (menuKeys.ts). The menu is rendered only while open, from the address in the browser, so the server's
 * HTML never holds a wrong origin; before hydration, and without scripts, StaticMenu stands in for it.
 */
export default function PageMarkdownActions({markdownUrl}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  // False on the server and during hydration, so the HTML and the first render agree.
  const isBrowser = useIsBrowser();
  const [status, setStatus] = useState<Status>({busy: false, message: ''});
  const [open, setOpen] = useState(false);
  const chosenWarehouse = useWarehouse();
  // A second press while a copy is running is ignored rather than disabling the button, which
  // would drop keyboard focus to the page.
  const running = useRef(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  /** The item to focus once the menu has rendered (the menu button's keys choose first or last). */
  const focusOnOpen = useRef(0);
  const menuId = useId();
  const toggleId = useId();

  /** Copies `text()` to the clipboard and says how it went; `failed` words the reason for this copy. */
  async function copy(text: () => Promise<string>, done: string, failed: (reason: string) => string) {
    if (running.current) return;
    running.current = true;
    setStatus({busy: true, message: 'Copying…'});
    try {
      await writeClipboard(await text());
      setStatus({busy: false, message: done});
    } catch (error) {
      setStatus({busy: false, message: failed((error as Error).message)});
    } finally {
      running.current = false;
    }
  }

  const copyPage = () =>
    copy(
      () => fetchMarkdown(markdownUrl),
      'Copied',
      (reason) => `Could not copy: ${reason}. “View as Markdown” in the menu still works.`,
    );

  const copyCommand = (command: string) =>
    copy(
      async () => command,
      'Copied the Claude Code command: run it in a terminal',
      // The command is short: shown, it can still be copied by hand.
      (reason) => `Could not copy: ${reason}. The command is: ${command}`,
    );

  // Only while open, so the server (which has no window) never builds it.
  const menuItems = open
    ? menuItemsFor(siteConfig.url, markdownUrl, window.location.origin, pageHasWarehouseSql())
    : [];

  useEffect(() => {
    if (open) itemRefs.current[focusOnOpen.current]?.focus();
  }, [open]);

  function openMenu(focus: number) {
    focusOnOpen.current = focus;
    if (open) itemRefs.current[focus]?.focus();
    else setOpen(true);
  }

  function closeMenu(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }

  /**
   * Closing removes the menu, so it waits for the event to finish: a link removed from the page
   * during its own click does not navigate, and Tab must move focus before the item it starts from goes.
   */
  const closeAfterEvent = (returnFocus: boolean) => setTimeout(() => closeMenu(returnFocus), 0);

  function onToggleKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeMenu(true);
      return;
    }
    const count = menuItemsFor(siteConfig.url, markdownUrl, window.location.origin, pageHasWarehouseSql()).length;
    const result = buttonKey(event.key, count);
    if (result && 'focus' in result) {
      event.preventDefault();
      openMenu(result.focus);
    }
  }

  function onMenuKeyDown(event: React.KeyboardEvent) {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      // Space activates a menu item as Enter does; a link on its own would scroll the page.
      event.preventDefault();
      event.target.click();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const result = menuKey(
      event.key,
      current,
      menuItems.map((item) => item.label),
    );
    if (!result) return;
    if ('focus' in result) {
      event.preventDefault();
      itemRefs.current[result.focus]?.focus();
    } else if (result.close === 'return-focus') {
      event.preventDefault();
      closeMenu(true);
    } else {
      closeAfterEvent(false);
    }
  }

  /** Focus leaving the menu for anything but its button (a click elsewhere, say) closes it. */
  function onMenuBlur(event: React.FocusEvent) {
    const next = event.relatedTarget as Node | null;
    if (next && (next === toggleRef.current || menuRef.current?.contains(next))) return;
    closeAfterEvent(false);
  }

  return (
    <div className={styles.actions} role="group" aria-label="This page as Markdown">
      <div className={styles.split}>
        <button
          type="button"
          className={clsx(styles.action, styles.copy)}
          aria-busy={status.busy}
          onClick={() => {
            if (open) closeMenu(false);
            void copyPage();
          }}
        >
          Copy page
        </button>
        {!isBrowser && <StaticMenu siteUrl={siteConfig.url} markdownUrl={markdownUrl} />}
        {isBrowser && (
          <button
            ref={toggleRef}
            id={toggleId}
            type="button"
            className={clsx(styles.action, styles.toggle)}
            aria-label="More ways to use this page"
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => (open ? closeMenu(true) : openMenu(0))}
            onKeyDown={onToggleKeyDown}
          >
            {chevron}
          </button>
        )}
        {isBrowser && open && (
          <ul
            ref={menuRef}
            id={menuId}
            className={styles.menu}
            role="menu"
            aria-labelledby={toggleId}
            onKeyDown={onMenuKeyDown}
            onBlur={onMenuBlur}
          >
            {menuItems.map((item, index) => (
              <li key={item.label} role="none">
                {'href' in item ? (
                  <a
                    ref={(el) => {
                      itemRefs.current[index] = el;
                    }}
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.item}
                    href={item.href}
                    type={item.type}
                    {...(item.newTab ? {target: '_blank', rel: 'noopener noreferrer'} : {})}
                    onClick={() => closeAfterEvent(true)}
                  >
                    {item.label}
                    {item.newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
                  </a>
                ) : 'warehouse' in item ? (
                  <button
                    ref={(el) => {
                      itemRefs.current[index] = el;
                    }}
                    type="button"
                    role="menuitemradio"
                    aria-checked={item.warehouse === chosenWarehouse}
                    tabIndex={-1}
                    className={clsx(
                      styles.item,
                      index > 0 && !('warehouse' in menuItems[index - 1]) && styles.groupStart,
                    )}
                    onClick={() => {
                      chooseWarehouse(item.warehouse);
                      setStatus({busy: false, message: `Showing the SQL for ${item.label.replace(/^SQL for /, '')}`});
                      closeMenu(true);
                    }}
                  >
                    {item.label}
                  </button>
                ) : (
                  <button
                    ref={(el) => {
                      itemRefs.current[index] = el;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.item}
                    onClick={() => {
                      void copyCommand(item.copyCommand);
                      closeMenu(true);
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <span className={styles.status} role="status" aria-live="polite">
        {status.message}
      </span>
    </div>
  );
}
