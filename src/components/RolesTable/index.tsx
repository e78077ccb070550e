import React, {type ReactNode} from 'react';
import {marks, ROLES_PAGE_TABLES, type RolesTableData, type RolesTableName} from '@site/src/lib/adminTools/rolesTables';

/** A label with `code` spans as <code>: labels are plain text from our own data. */
const Label = ({text}: {readonly text: string}) =>
  text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));

/**
 * A permission table of the roles page, from the same rows as the explorer "Who can do what"
 * (src/lib/adminTools/rolesTables.ts, checked against the released Lightdash's ability rules). The page's Markdown export writes the
 * same table (plugins/markdown-export, rolesTableMarkdown).
 */
export default function RolesTable({table}: {readonly table: RolesTableName}): ReactNode {
  const data: RolesTableData = ROLES_PAGE_TABLES[table];
  return (
    <table>
      <thead>
        <tr>
          <th style={{textAlign: 'left'}}>Action</th>
          {data.headings.map((heading) => (
            <th key={heading} style={{textAlign: 'center'}}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row) => (
          <tr key={row.id}>
            <td style={{textAlign: 'left'}}>
              <Label text={row.label} />
            </td>
            {marks(data, row).map((has, i) => (
              <td key={data.headings[i]} style={{textAlign: 'center'}}>
                {has ? '✅' : '❌'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
