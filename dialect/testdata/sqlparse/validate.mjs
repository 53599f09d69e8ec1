// Validates SQL statements with dt-sql-parser, which parses with ANTLR
// grammars taken from the engines' own (Spark SQL's SqlBaseParser, Trino's
// SqlBase). Reads [{name, dialect, sql}] as JSON on stdin and writes
// [{name, errors}] as JSON on stdout; errors are the parser's messages with
// their line and column. The package is looked up in $GINLOG_SQLPARSERS.
import { register } from 'node:module';
import { readFileSync } from 'node:fs';

register('./hooks.mjs', import.meta.url);
const dir = process.env.GINLOG_SQLPARSERS;
const dt = await import(dir + '/node_modules/dt-sql-parser/dist/index.js');
const parsers = { spark: new dt.SparkSQL(), trino: new dt.TrinoSQL() };
const cases = JSON.parse(readFileSync(0, 'utf8'));
const out = cases.map((c) => {
  const p = parsers[c.dialect];
  if (!p) return { name: c.name, errors: ['no parser for ' + c.dialect] };
  const errors = p.validate(c.sql).map((e) => `${e.startLine}:${e.startColumn}: ${e.message}`);
  return { name: c.name, errors };
});
process.stdout.write(JSON.stringify(out));
