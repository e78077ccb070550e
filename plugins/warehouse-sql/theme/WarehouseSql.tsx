import React, {useId, useState, type ReactNode} from 'react';
import {DEFAULT_WAREHOUSE, isWarehouse, warehouseLabel, WAREHOUSES} from '../warehouses';
import {chooseWarehouse, useWarehouse} from './useWarehouse';
import styles from './styles.module.css';

/**
 * A group of SQL variants, one per warehouse (written by ../remark.ts from adjacent ```sql warehouses="…" blocks).
 * Which variant shows is CSS's job (the style element of ./useWarehouse and the pre-paint script), so a returning
 * reader's choice is right from the first paint and the same on every group of the page; React only keeps the
 * selector in step.
 */
export function WarehouseSql({children}: {children: ReactNode}): ReactNode {
  const id = useId();
  const chosen = useWarehouse();
  // Said once, by the group whose selector changed, so a page of groups does not repeat it.
  const [said, setSaid] = useState('');
  return (
    <div className={styles.group} data-warehouse-sql="">
      <div className={styles.control} data-warehouse-control="">
        <label htmlFor={id}>Your warehouse</label>
        <select
          id={id}
          value={chosen}
          onChange={(event) => {
            const value = event.target.value;
            if (!isWarehouse(value)) return;
            chooseWarehouse(value);
            setSaid(`Showing the SQL for ${warehouseLabel(value)}.`);
          }}
        >
          {WAREHOUSES.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
        <span className="visually-hidden" aria-live="polite">
          {said}
        </span>
      </div>
      {children}
    </div>
  );
}

/** One variant: shown for the warehouses it lists (space-separated ids). */
export function WarehouseVariant({warehouses, children}: {warehouses: string; children: ReactNode}): ReactNode {
  const isDefault = warehouses.split(' ').includes(DEFAULT_WAREHOUSE);
  return (
    <div
      className={styles.variant}
      data-warehouse-variant={warehouses}
      data-warehouse-default={isDefault ? '' : undefined}
    >
      {children}
    </div>
  );
}
