// dbt properties files the YAML checker's tests share: the page's browser test, the validate_yaml tool's test
// and the checker's benchmark (scripts/bench-yaml-check.mjs) read the same texts, so their line numbers agree.

/** A valid file: a join and a metric. */
export const VALID_DBT_YAML = `version: 2
models:
  - name: orders
    meta:
      joins:
        - join: customers
          sql_on: \${orders.customer_id} = \${customers.customer_id}
    columns:
      - name: amount
        meta:
          metrics:
            total_revenue:
              type: sum
      - name: customer_id
`;

/**
 * Three kinds of mistake: an unknown key (line 4, a warning: Lightdash ignores it), a wrong join type (line 8) and a
 * misspelt metric type (line 15), both errors.
 */
export const THREE_MISTAKES_DBT_YAML = `version: 2
models:
  - name: orders
    lable: Orders
    meta:
      joins:
        - join: customers
          type: outer
          sql_on: \${orders.customer_id} = \${customers.customer_id}
    columns:
      - name: amount
        meta:
          metrics:
            total_revenue:
              type: countdistinct
      - name: customer_id
`;

/**
 * A dbt properties file of at least `lines` lines (whole models, so it stays valid): models of 8 columns, each with
 * a dimension and a metric; with `wrongMetricType`, the first metric of every model has a misspelt type.
 * @param {number} lines
 * @param {{wrongMetricType?: boolean}} [options]
 * @returns {string}
 */
export function bigDbtYaml(lines, {wrongMetricType = false} = {}) {
  const out = ['version: 2', 'models:'];
  for (let m = 0; out.length < lines; m += 1) {
    out.push(`  - name: model_${m}`, '    meta:', `      label: Model ${m}`, '    columns:');
    for (let c = 0; c < 8; c += 1) {
      const type = wrongMetricType && c === 0 ? 'countdistinct' : 'sum';
      out.push(
        `      - name: column_${c}`,
        `        description: Column ${c} of model ${m}.`,
        '        meta:',
        '          dimension:',
        '            type: number',
        '          metrics:',
        `            total_column_${c}:`,
        `              type: ${type}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}
