import {useSyncExternalStore} from 'react';
import {readStored, writeStored} from '@site/src/lib/storage';
import {
  DEFAULT_WAREHOUSE,
  isWarehouse,
  variantCss,
  WAREHOUSE_KEY,
  WAREHOUSE_STYLE_ID,
  type WarehouseId,
} from '../warehouses';

/** Sent to same-page listeners: the browser's `storage` event only reaches other tabs. */
const CHANGE_EVENT = 'lightdash-docs:warehouse';

/** The stored warehouse when it is one of the list; a corrupted or hostile value counts as no choice. */
function storedWarehouse(): WarehouseId | null {
  const value = readStored(WAREHOUSE_KEY);
  return isWarehouse(value) ? value : null;
}

/** Shows `id`'s variants on every group of the page, now and on the pages opened next (the style stays in <head>). */
function applyStyle(id: WarehouseId): void {
  let style = document.getElementById(WAREHOUSE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = WAREHOUSE_STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = variantCss(id);
}

export function chooseWarehouse(id: WarehouseId): void {
  if (!isWarehouse(id)) return;
  // Storage disabled or full: the choice lasts until the page is left.
  writeStored(WAREHOUSE_KEY, id);
  applyStyle(id);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== WAREHOUSE_KEY) return;
    const id = storedWarehouse();
    if (id) applyStyle(id);
    onChange();
  };
  window.addEventListener('storage', fromOtherTab);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', fromOtherTab);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The reader's warehouse; the server and the first render use the default, as the server's HTML does. */
export function useWarehouse(): WarehouseId {
  return useSyncExternalStore(
    subscribe,
    () => storedWarehouse() ?? DEFAULT_WAREHOUSE,
    () => DEFAULT_WAREHOUSE,
  );
}
